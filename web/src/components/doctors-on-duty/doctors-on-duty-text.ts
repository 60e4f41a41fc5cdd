/** The doctors-on-duty line while its count is on the way (the prerendered landing shows it). */
export const CHECKING_DOCTORS_ON_DUTY = 'Checking doctors on duty…';
