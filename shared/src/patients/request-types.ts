/**
 * Care types (spec doc 2 §9): telemedicine (video call) or a home nurse visit. In a module
 * without schemas, so a page can offer them without loading zod (`request.ts` re-exports them
 * beside `requestTypeSchema`).
 */
export const requestTypes = ['telemedicine', 'nurse-visit'] as const;
export type RequestType = (typeof requestTypes)[number];

export const requestTypeLabels: Record<RequestType, string> = {
  telemedicine: 'Video Consultation',
  'nurse-visit': 'Home Nurse Visit',
};
