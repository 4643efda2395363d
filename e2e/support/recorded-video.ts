import type { Page } from 'playwright-core';

/**
 * A real, playable WebM video made in the page itself (a canvas painted frame by frame, recorded by MediaRecorder):
 * the machine has no encoder and the repository ships no video, and a lesson's player needs bytes a browser plays.
 * About 30 KB for the default 2 seconds at 320 × 180. Any page of the site will do (it only needs a document).
 */
export async function recordWebmVideo(page: Page, frames = 30): Promise<Buffer> {
  const base64 = await page.evaluate(async (frameCount) => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 180;
    const paint = canvas.getContext('2d')!;
    const recorder = new MediaRecorder(canvas.captureStream(15), { mimeType: 'video/webm;codecs=vp8' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start();
    for (let frame = 0; frame < frameCount; frame++) {
      paint.fillStyle = `hsl(${frame * 12}, 60%, 45%)`;
      paint.fillRect(0, 0, 320, 180);
      paint.fillStyle = '#fff';
      paint.font = '40px sans-serif';
      paint.fillText(String(frame), 140, 100);
      await new Promise((resolve) => setTimeout(resolve, 66));
    }
    recorder.stop();
    await stopped;
    const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  }, frames);
  return Buffer.from(base64, 'base64');
}
