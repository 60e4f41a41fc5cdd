/** Provider routes (spec doc 2 §7). */
export { providerLogin } from './contracts/provider-login';
export { checkProviderEmail } from './contracts/check-provider-email';
