import type { IMediaRecorder } from 'extendable-media-recorder';

export const WAV_MIME_TYPE = 'audio/wav';

let registration: Promise<void> | null = null;

/**
 * A WAV `MediaRecorder` (DESIGN.md §8): browsers record webm/opus natively, so the WAV encoder
 * of extendable-media-recorder is registered once (`register(await connect())`). Both libraries
 * load with the first recording, not with the page.
 */
export async function createWavRecorder(stream: MediaStream): Promise<IMediaRecorder> {
  const [{ MediaRecorder, register }, { connect }] = await Promise.all([
    import('extendable-media-recorder'),
    import('extendable-media-recorder-wav-encoder'),
  ]);
  registration ??= (async () => register(await connect()))().catch((error: unknown) => {
    registration = null;
    throw error;
  });
  await registration;
  return new MediaRecorder(stream, { mimeType: WAV_MIME_TYPE });
}
