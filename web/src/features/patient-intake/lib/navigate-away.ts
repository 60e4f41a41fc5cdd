/** Leaves the app for another site (Stripe's hosted checkout page). */
export function navigateAway(url: string): void {
  window.location.href = url;
}
