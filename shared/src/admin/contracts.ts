/** Administrator routes (spec doc 2 §3, §7). */
export { adminLogin } from './contracts/admin-login';
export { adminLoginCode } from './contracts/admin-login-code';
export { adminLogout } from './contracts/admin-logout';
export { adminStats } from './contracts/admin-stats';
export { adminListApplications } from './contracts/admin-list-applications';
export { adminListLogs } from './contracts/admin-list-logs';
export { adminListCases } from './contracts/admin-list-cases';
export { adminApproveApplication } from './contracts/admin-approve-application';
export { adminRejectApplication } from './contracts/admin-reject-application';
export { adminResetSecondFactor } from './contracts/admin-reset-second-factor';
