import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { publishSlotsByTier } from '../../contracts/publishing';
import type { Tier } from '../../contracts/roles';
import { parseSceneContent } from '../../contracts/sceneContent';
import { hashPassword, normalizeEmail, profileType } from '../identity/accounts';
import { planPriceById } from '../services/marketplaceService/catalog';
import { addInterval, recordPlan } from '../services/marketplaceService/fulfilment';
import { SceneService } from '../services/sceneService/service';
import { demoSpaces } from './demo';
import { seedDemoDistricts } from './demo/districts';
import { uuidv7 } from './ids';
import {
  accounts,
  appliedJobs,
  files,
  oidcPayloads,
  publishSlots,
  sceneContentBlobs,
  sceneFileRefs,
  scenes,
  subscriptions,
  users,
} from './schema';

/** Bumped when the demo content changes, so existing installs get the new set once. */
const demoSeedJob = 'demo-content-v1';

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
 * Seeds demo content on the first start of an empty install: the demo pictures, then the demo
 * users and their published spaces. Each part has its own marker row, so later starts skip what
 * is done and an install seeded before the spaces existed gets them once.
 */
export async function seedDemoContent(app: FastifyInstance): Promise<boolean> {
  const pictures = await seedDemoPictures(app);
  const spaces = await seedDemoSpaces(app);
  const plans = await seedDemoPlans(app);
  const districts = await seedDemoDistricts(app);
  return pictures || spaces || plans || districts;
}

/**
 * The demo pictures. Runs in one transaction for the rows, so a crash mid-seed leaves no marker
 * and it runs again.
 */
async function seedDemoPictures(app: FastifyInstance): Promise<boolean> {
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

/** Bumped when the demo users or spaces change. */
export const demoSpacesJob = 'demo-spaces-v1';

/** The product id the demo users' extra slots are recorded as (no credits were spent on them). */
const demoExtraSlotProduct = 'demo-extra-slot';

/** The password of every demo account (README, "Demo content"). */
export const demoPassword = 'spaces-demo';

/** The demo users, in the order demoSpaces() refers to them (ownerIndex). */
export const demoUsers = [
  {
    email: 'demo@spaces.localhost',
    name: 'Harbour Museum of Modern Art',
    plan: 'pro',
    avatar: 'tall/teal',
    bio: 'A museum of art and the sea, with its collection, exhibitions and shop online.',
  },
  {
    email: 'school@spaces.localhost',
    name: 'Riverside Secondary School',
    plan: 'standard',
    avatar: 'sturdy/amber',
    bio: "Students' work, lessons and school events, open to families and friends.",
  },
  {
    email: 'studio@spaces.localhost',
    name: 'Studio Lindqvist',
    plan: 'free',
    avatar: 'classic/plum',
    bio: 'A painter and her friends: open studio, a ceramics shop and the events we host.',
  },
] as const;

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'public');

/** A picture of the demo gallery (`/demo/pictures/...`) as a file row owned by `ownerId`, bytes stored. */
async function demoPictureFile(app: FastifyInstance, uri: string, ownerId: string) {
  const name = path.basename(uri);
  const bytes = await readFile(path.join(publicDir, uri.replace(/^\//, '')));
  const { width, height, format } = await sharp(bytes).metadata();
  const blob = await app.blobStore.put(Readable.from([bytes]));
  return {
    id: uuidv7(),
    sha256: blob.sha256,
    size: blob.size,
    mimeType: format === 'png' ? 'image/png' : 'image/jpeg',
    kind: 'picture',
    originalName: name,
    ownerId,
    width: width ?? null,
    height: height ?? null,
  } satisfies typeof files.$inferInsert;
}

/**
 * Three demo users with local sign-in accounts (demoUsers, password demoPassword) and the twelve
 * demo spaces (server/db/demo) published under their names, each with a cover photo and a
 * small gallery taken from its own pictures. Bytes are stored first; every row, the published
 * snapshots and the marker are then written in one transaction.
 */
async function seedDemoSpaces(app: FastifyInstance): Promise<boolean> {
  const done = await app.db.select().from(appliedJobs).where(eq(appliedJobs.name, demoSpacesJob));
  if (done.length > 0) return false;

  // Accounts that already exist (someone signed up with a demo address) are used as they are.
  type Person = Omit<(typeof demoUsers)[number], 'email'> & {
    email: string;
    id: string;
    passwordHash?: string;
  };
  type FileRow = Awaited<ReturnType<typeof demoPictureFile>>;
  const people: Person[] = [];
  for (const user of demoUsers) {
    const email = normalizeEmail(user.email);
    const [existing] = await app.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.email, email));
    people.push({
      ...user,
      email,
      id: existing?.id ?? uuidv7(),
      passwordHash: existing ? undefined : await hashPassword(demoPassword),
    });
  }

  const spaces = demoSpaces();
  const pictureRows: (typeof files.$inferInsert)[] = [];
  const prepared: {
    space: ReturnType<typeof demoSpaces>[number];
    owner: Person;
    blob: { sha256: string; size: number };
    cover?: FileRow;
    gallery: FileRow[];
  }[] = [];
  for (const space of spaces) {
    const owner = people[space.ownerIndex];
    const parsed = parseSceneContent(space.content);
    if (!parsed.ok) throw new Error(`demo space "${space.title}": ${JSON.stringify(parsed.issues)}`);
    const bytes = Buffer.from(JSON.stringify(parsed.content));
    const blob = await app.blobStore.put(Readable.from([bytes]));
    const uris = [...new Set(parsed.content.pictures.map((p) => p.fileUri))].filter((u) =>
      u.startsWith('/demo/'),
    );
    const own: FileRow[] = [];
    for (const uri of uris.slice(0, 3)) own.push(await demoPictureFile(app, uri, owner.id));
    pictureRows.push(...own);
    prepared.push({ space, owner, blob, cover: own[0], gallery: own.slice(1) });
  }

  const service = new SceneService({ db: app.db, store: app.blobStore, log: app.log });
  try {
    await app.db.transaction(async (tx) => {
      for (const person of people) {
        if (person.passwordHash) {
          await tx
            .insert(accounts)
            .values({ id: person.id, email: person.email, passwordHash: person.passwordHash });
          await tx
            .insert(oidcPayloads)
            .values({
              type: profileType,
              id: person.id,
              payload: { accountId: person.id, name: person.name },
            })
            .onConflictDoNothing();
        }
      }
      if (pictureRows.length > 0) await tx.insert(files).values(pictureRows);
      for (const [i, person] of people.entries()) {
        const first = prepared.find((p) => p.space.ownerIndex === i);
        await tx
          .insert(users)
          .values({
            id: person.id,
            name: person.name,
            email: person.email,
            bio: person.bio,
            plan: person.plan,
            avatar: person.avatar,
            loginProvider: 'local',
            profilePictureId: first?.cover?.id ?? null,
          })
          .onConflictDoNothing();
      }
      // Every published space is in a slot: the owner's plan slots first, then extra slots (as if
      // bought with credits) for the rest.
      const slotsUsed = new Map<string, number>();
      for (const { space, owner, blob, cover, gallery } of prepared) {
        const id = uuidv7();
        const galleryIds = gallery.map((g) => g.id);
        await tx.insert(scenes).values({
          id,
          ownerId: owner.id,
          creatorId: owner.id,
          title: space.title,
          description: space.description,
          tags: space.tags,
          coverPhotoId: cover?.id ?? null,
          photoGalleryIds: galleryIds,
          contentSha256: blob.sha256,
          contentSize: blob.size,
          contentVersion: 2,
          contentUpdatedAt: new Date().toISOString(),
        });
        const refs = [...(cover ? [cover.id] : []), ...galleryIds];
        if (refs.length > 0) {
          await tx
            .insert(sceneFileRefs)
            .values(refs.map((fileId) => ({ sceneId: id, source: 'draft', fileId })));
        }
        await tx
          .insert(sceneContentBlobs)
          .values({ sha256: blob.sha256, size: blob.size })
          .onConflictDoNothing();
        await service.publishSnapshot(id, { tx });
        const n = slotsUsed.get(owner.id) ?? 0;
        slotsUsed.set(owner.id, n + 1);
        const plan = n < publishSlotsByTier[owner.plan as Tier];
        await tx.insert(publishSlots).values({
          id: uuidv7(),
          ownerId: owner.id,
          kind: plan ? 'free' : 'extra',
          position: plan ? n : null,
          productId: plan ? null : demoExtraSlotProduct,
          sceneId: id,
          publisherId: owner.id,
        });
      }
      // And one spare extra slot each, so someone trying a demo account can publish at once.
      for (const owner of new Set(prepared.map((p) => p.owner))) {
        await tx.insert(publishSlots).values({
          id: uuidv7(),
          ownerId: owner.id,
          kind: 'extra',
          position: null,
          productId: demoExtraSlotProduct,
          sceneId: null,
          publisherId: null,
        });
      }
      await tx.insert(appliedJobs).values({ name: demoSpacesJob });
    });
  } finally {
    await service.close();
  }
  app.log.info({ users: people.length, spaces: prepared.length }, 'demo spaces seeded');
  return true;
}

/** Bumped when the demo users' plans change. */
export const demoPlansJob = 'demo-plans-v1';

/**
 * The demo users' paid plans, recorded as a purchase with the built-in provider records them (a
 * yearly subscription that renews), so the wallet page and GET subscription/my show them. No
 * payment is recorded: nobody paid. A demo user who already has a subscription keeps it.
 */
async function seedDemoPlans(app: FastifyInstance): Promise<boolean> {
  const done = await app.db.select().from(appliedJobs).where(eq(appliedJobs.name, demoPlansJob));
  if (done.length > 0) return false;
  await app.db.transaction(async (tx) => {
    for (const user of demoUsers) {
      const price = planPriceById(`${user.plan}-yearly`);
      if (!price) continue;
      const [account] = await tx
        .select({ id: accounts.id })
        .from(accounts)
        .where(eq(accounts.email, normalizeEmail(user.email)));
      if (!account) continue;
      const [existing] = await tx
        .select({ userId: subscriptions.userId })
        .from(subscriptions)
        .where(eq(subscriptions.userId, account.id));
      if (existing) continue;
      await recordPlan(tx, {
        userId: account.id,
        price,
        provider: 'test',
        providerSubscriptionId: `sub_test_demo_${account.id}`,
        endsAt: addInterval(new Date(), price.interval).toISOString(),
        userName: user.name,
      });
    }
    await tx.insert(appliedJobs).values({ name: demoPlansJob });
  });
  app.log.info('demo plans recorded');
  return true;
}
