/** What other features use of payments: the checkout session call (intake's payment step). */
export { useCreateCheckoutSession } from './api/create-checkout-session';
/** Issue 28: the money line. */
export { CaseMoneyLine, MoneyLine, type MoneyView } from './components/MoneyLine';
