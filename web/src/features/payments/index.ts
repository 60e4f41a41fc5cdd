/** What other features use of payments: the checkout session call (intake's payment step). */
export { useCreateCheckoutSession } from './api/create-checkout-session';
/** Doctors on duty before paying (issue 28 item 4): the landing shows it too. */
export { DoctorsOnDuty } from './components/DoctorsOnDuty';
