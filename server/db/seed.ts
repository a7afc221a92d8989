import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { uuidv7 } from './ids';
import { appliedJobs, files } from './schema';

/** Bumped when the demo content changes, so existing installs get the new set once. */
export const demoSeedJob = 'demo-content-v1';

/** Demo pictures, drawn here so the install needs no downloads: title and two gradient colours. */
const demoPictures = [
  { name: 'Gallery wall.png', from: '#1e3a8a', to: '#60a5fa' },
  { name: 'Sunset hall.png', from: '#9a3412', to: '#fbbf24' },
  { name: 'Garden court.png', from: '#14532d', to: '#86efac' },
  { name: 'Night atrium.png', from: '#312e81', to: '#c084fc' },
];

async function drawPicture(from: string, to: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="768">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="1024" height="768" fill="url(#g)"/>
    <circle cx="760" cy="240" r="140" fill="#ffffff" fill-opacity="0.25"/>
    <rect x="120" y="460" width="520" height="180" rx="24" fill="#ffffff" fill-opacity="0.18"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * Seeds demo content on the first start of an empty install; a marker row makes later starts skip
 * it. Runs in one transaction for the rows, so a crash mid-seed leaves no marker and it runs again.
 */
export async function seedDemoContent(app: FastifyInstance): Promise<boolean> {
  const done = await app.db.select().from(appliedJobs).where(eq(appliedJobs.name, demoSeedJob));
  if (done.length > 0) return false;
  const rows: (typeof files.$inferInsert)[] = [];
  for (const picture of demoPictures) {
    const bytes = await drawPicture(picture.from, picture.to);
    const blob = await app.blobStore.put(Readable.from(bytes));
    rows.push({
      id: uuidv7(),
      sha256: blob.sha256,
      size: blob.size,
      mimeType: 'image/png',
      kind: 'picture',
      originalName: picture.name,
      ownerId: null,
      width: 1024,
      height: 768,
    });
  }
  await app.db.transaction(async (tx) => {
    await tx.insert(files).values(rows);
    await tx.insert(appliedJobs).values({ name: demoSeedJob });
  });
  app.log.info({ pictures: rows.length }, 'demo content seeded');
  return true;
}
