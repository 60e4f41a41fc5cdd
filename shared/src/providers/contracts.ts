/** Provider routes (spec doc 2 §7; me, password and logout: issue 8). */
export { providerLogin } from './contracts/provider-login';
export { providerLoginCode } from './contracts/provider-login-code';
export { providerMe } from './contracts/provider-me';
export { providerChangePassword } from './contracts/provider-change-password';
export { providerLogout } from './contracts/provider-logout';
export { checkProviderEmail } from './contracts/check-provider-email';
/** Doctors on duty before paying (issue 28 item 4): a public count. */
export { getDoctorsOnDuty } from './contracts/get-doctors-on-duty';
