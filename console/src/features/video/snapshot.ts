/** Spec: a snapshot is at most 2 MB. */
export const SNAPSHOT_MAX_BYTES = 2 * 1024 * 1024;

/** Bytes of a base64 data URL's payload. */
export function dataUrlBytes(dataUrl: string): number {
  const payload = dataUrl.slice(dataUrl.indexOf(',') + 1);
  return Math.floor((payload.length * 3) / 4) - (payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0);
}

/**
 * The frame on screen as a JPEG data URL, lowering the quality until it fits 2 MB; null when the
 * video has no frame yet (or the canvas cannot encode).
 */
export function captureFrame(video: HTMLVideoElement): string | null {
  if (!video.videoWidth || !video.videoHeight) return null;
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(video, 0, 0);
  for (const quality of [0.9, 0.75, 0.5, 0.3]) {
    const image = canvas.toDataURL('image/jpeg', quality);
    if (image.startsWith('data:image/jpeg') && dataUrlBytes(image) <= SNAPSHOT_MAX_BYTES) return image;
  }
  return null;
}
