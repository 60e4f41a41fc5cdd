export { getClientConfig } from './contracts/get-client-config';
