import type { Page } from 'playwright-core';

/**
 * Camera-like JPEGs for the photo e2e tests, drawn by the browser's own
 * canvas (no image library in Node): a colour field with a few shapes, so
 * each photo looks different in a screenshot and encodes to real bytes.
 */
export async function drawnJpegs(page: Page, colours: string[], width = 2000, height = 1500): Promise<Buffer[]> {
  const urls = await page.evaluate(
    ({ colours, width, height }) =>
      colours.map((colour, index) => {
        const canvas = document.createElement('canvas');
        canvas.width = width;
        canvas.height = height;
        const context = canvas.getContext('2d')!;
        context.fillStyle = colour;
        context.fillRect(0, 0, width, height);
        for (let petal = 0; petal < 12; petal += 1) {
          context.fillStyle = `hsl(${(petal * 30 + index * 50) % 360} 70% 60%)`;
          context.beginPath();
          context.arc(
            width / 2 + Math.cos(petal) * width * 0.2,
            height / 2 + Math.sin(petal) * height * 0.2,
            height * 0.12,
            0,
            Math.PI * 2,
          );
          context.fill();
        }
        return canvas.toDataURL('image/jpeg', 0.9);
      }),
    { colours, width, height },
  );
  return urls.map((url) => Buffer.from(url.slice(url.indexOf(',') + 1), 'base64'));
}

/** setInputFiles payloads. */
export function jpegFiles(buffers: Buffer[], prefix = 'zdjecie'): { name: string; mimeType: string; buffer: Buffer }[] {
  return buffers.map((buffer, index) => ({ name: `${prefix}-${index + 1}.jpg`, mimeType: 'image/jpeg', buffer }));
}
