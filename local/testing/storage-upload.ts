/**
 * The browser's part of a presigned upload: POST the file to storage with the fields the grant
 * names (issue 10 item 6). Answers storage's response; each caller judges its status.
 */
export function postToStorage(
  grant: { url: string; fields: Record<string, string> },
  file: Blob,
  name: string,
): Promise<Response> {
  const form = new FormData();
  for (const [field, value] of Object.entries(grant.fields)) form.set(field, value);
  form.set('file', file, name);
  return fetch(grant.url, { method: 'POST', body: form });
}
