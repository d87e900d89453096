// npm run media:previews: renders the JPEGs that link previews show beside the demo's SVG pictures in public/media
// (Facebook, X and LinkedIn draw no SVG): each course cover at the size of an uploaded course image, and the site's
// default share picture at the 1200×630 the share cards use. Run it after changing one of those SVGs; the JPEGs are
// committed, so a fresh checkout and the seed need nothing rendered.
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { courseImageSize } from '../src/shared/uploads.js';
import { previewJpeg } from '../src/server/lib/images.js';
import { publicMediaDir } from '../src/server/db/seed/index.js';

export const sharePicture = { file: 'og-default.svg', width: 1200, height: 630 };

const pictures = [
  sharePicture,
  ...readdirSync(path.join(publicMediaDir, 'courses'))
    .filter((name) => name.endsWith('.svg'))
    .map((name) => ({ file: `courses/${name}`, ...courseImageSize })),
];
for (const { file, width, height } of pictures) {
  const svg = path.join(publicMediaDir, file);
  // Drawn at the density that gives the target size, so text and edges are rendered, not upscaled.
  const { width: drawn = width } = await sharp(svg).metadata();
  const jpeg = await previewJpeg(sharp(svg, { density: (72 * width) / drawn }).resize(width, height, { fit: 'cover' }));
  writeFileSync(svg.replace(/\.svg$/, '.jpg'), jpeg);
}
console.log(`Rendered ${pictures.length} link-preview JPEGs in public/media.`);
