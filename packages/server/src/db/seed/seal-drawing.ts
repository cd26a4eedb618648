/**
 * A round red seal drawn as SVG and rasterised by sharp to a transparent PNG (the demo's seals, and tests): the
 * organisation's name along the upper arc, a five-pointed star in the middle, an optional caption (a department's
 * name, or 公文专用章) in a straight line below it. Each character of the arc is placed and turned on its own (no
 * textPath: every SVG renderer draws it alike).
 */
const RED = '#d7000f';
const FONT = "'Noto Serif CJK SC','Noto Sans CJK SC','SimSun',serif";

function arcText(text: string, c: number, radius: number, size: number): string {
  const chars = [...text];
  const span = Math.min(250, chars.length * 24); // degrees the name spans, centred on the top
  return chars
    .map((ch, i) => {
      const deg = chars.length === 1 ? 0 : -span / 2 + (span * i) / (chars.length - 1);
      const rad = ((deg - 90) * Math.PI) / 180;
      const x = c + radius * Math.cos(rad);
      const y = c + radius * Math.sin(rad);
      return `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" font-size="${size}" font-family="${FONT}" font-weight="bold" fill="${RED}" text-anchor="middle" dominant-baseline="central" transform="rotate(${deg.toFixed(1)} ${x.toFixed(1)} ${y.toFixed(1)})">${ch}</text>`;
    })
    .join('');
}

function star(cx: number, cy: number, r: number): string {
  const pts = Array.from({ length: 10 }, (_, i) => {
    const rr = i % 2 ? r * 0.382 : r;
    const a = ((-90 + i * 36) * Math.PI) / 180;
    return `${(cx + rr * Math.cos(a)).toFixed(1)},${(cy + rr * Math.sin(a)).toFixed(1)}`;
  });
  return `<polygon points="${pts.join(' ')}" fill="${RED}"/>`;
}

export function sealSvg(name: string, caption: string | null, px = 400): string {
  const c = px / 2;
  const size = Math.round(px * 0.12);
  const captionText = caption
    ? `<text x="${c}" y="${(c + px * 0.26).toFixed(1)}" font-size="${Math.round(px * 0.075)}" font-family="${FONT}" fill="${RED}" text-anchor="middle" dominant-baseline="central">${caption}</text>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${px}" height="${px}" viewBox="0 0 ${px} ${px}">
<circle cx="${c}" cy="${c}" r="${(c - px * 0.03).toFixed(1)}" fill="none" stroke="${RED}" stroke-width="${(px * 0.035).toFixed(1)}"/>
${arcText(name, c, c - px * 0.16, size)}${star(c, c, px * 0.17)}${captionText}</svg>`;
}

/** The seal as a transparent PNG of `px` × `px`. */
export async function drawSealPng(name: string, caption: string | null = null, px = 400): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(sealSvg(name, caption, px)))
    .png()
    .toBuffer();
}
