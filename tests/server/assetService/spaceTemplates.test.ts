import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  premadeFamilies,
  premadeScenes,
  premadeTemplates,
  PremadeScene,
  PremadeScenePage,
  SpaceTemplate,
  SpaceTemplateFamily,
  SpaceTemplateFamilyPage,
  SpaceTemplatePage,
  templateFootprints,
  templateLevels,
  templatePriceRule,
  templatePrices,
} from '../../../contracts/premadeSpaces';
import { parseSceneContent, spaceTemplateKinds, spaceTemplateSizes } from '../../../contracts/sceneContent';
import { spaceTemplateFamilies } from '../../../contracts/spaceTemplates';
import type { DatabaseHandle } from '../../../server/db';
import { templateSizes, templateSpace } from '../../../geometry/templates';
import { buildTestApp, type TestApp } from '../../support/app';
import { testDatabases } from '../../support/db';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';

const api = '/api/assetService';
const publicDir = fileURLToPath(new URL('../../../public', import.meta.url));

describe('the premade catalogue', () => {
  it('has every family of the engine in every size and kind, with unique ids', () => {
    expect(premadeFamilies.map((f) => f.spaceTemplateFamilyId)).toEqual(
      spaceTemplateFamilies.map((f) => f.family),
    );
    expect(premadeTemplates).toHaveLength(
      spaceTemplateFamilies.length * spaceTemplateSizes.length * spaceTemplateKinds.length,
    );
    for (const f of spaceTemplateFamilies) {
      for (const size of spaceTemplateSizes) {
        for (const kind of spaceTemplateKinds) {
          expect(
            premadeTemplates.filter(
              (t) => t.spaceTemplateFamilyId === f.family && t.size === size && t.kind === kind,
            ),
          ).toHaveLength(1);
        }
      }
    }
    for (const key of ['spaceTemplateId', 'districtItemId', 'title'] as const) {
      expect(new Set(premadeTemplates.map((t) => t[key])).size).toBe(premadeTemplates.length);
    }
    premadeFamilies.forEach((f) => SpaceTemplateFamily.parse(f));
    premadeTemplates.forEach((t) => SpaceTemplate.parse(t));
  });

  it('matches the sizes and storeys of the rooms the engine builds', () => {
    for (const size of spaceTemplateSizes) {
      expect([templateFootprints[size].width, templateFootprints[size].depth]).toEqual(templateSizes[size]);
    }
    for (const f of spaceTemplateFamilies) {
      const space = templateSpace({ family: f.family, size: 'M', kind: 'Standard' });
      expect(space.levels).toHaveLength(templateLevels[f.family]);
    }
  });

  it('prices follow the documented rule: floor area, the Premium surcharge, extra storeys', () => {
    for (const t of premadeTemplates) {
      const { width, depth } = templateFootprints[t.size];
      const expected =
        Math.round((width * depth * templatePriceRule.creditsPerSquareMetre) / 10) * 10 +
        (t.kind === 'Premium' ? templatePriceRule.premium : 0) +
        (t.levels - 1) * templatePriceRule.extraLevel;
      expect(t.districtPrice, t.spaceTemplateId).toBe(expected);
      expect(templatePrices[t.spaceTemplateFamilyId as keyof typeof templatePrices][t.size][t.kind]).toBe(
        t.districtPrice,
      );
    }
    // Bigger costs more; Premium costs more.
    for (const f of spaceTemplateFamilies) {
      for (const kind of spaceTemplateKinds) {
        const prices = spaceTemplateSizes.map((s) => templatePrices[f.family][s][kind]);
        expect([...prices].sort((a, b) => a - b)).toEqual(prices);
        expect(new Set(prices).size).toBe(prices.length);
      }
    }
  });

  it('points every cover and gallery photo at an image that exists', () => {
    const urls = [
      ...premadeFamilies.flatMap((f) => [f.coverPhoto, ...f.photoGallery]),
      ...premadeTemplates.map((t) => t.coverPhoto),
    ];
    for (const url of urls) {
      expect(url).toMatch(/^\/demo\/templates\/[a-z0-9-]+\.jpg$/);
      expect(existsSync(path.join(publicDir, url)), url).toBe(true);
    }
  });

  it('gives every template a valid document that starts the visitor inside the room, clear of walls', () => {
    expect(premadeScenes).toHaveLength(premadeTemplates.length);
    for (const scene of premadeScenes) {
      const template = premadeTemplates.find((t) => t.spaceTemplateId === scene.spaceTemplateId)!;
      const parsed = parseSceneContent(JSON.parse(JSON.stringify(scene.content)));
      expect(parsed.ok, scene.spaceTemplateId).toBe(true);
      expect(scene.content.spaceTemplate).toEqual({
        family: template.spaceTemplateFamilyId,
        size: template.size,
        kind: template.kind,
      });
      const [x, y, z] = scene.content.startingPosition;
      expect(y).toBeCloseTo(1.6);
      const space = templateSpace(scene.content.spaceTemplate!);
      const ground = space.levels.find((l) => l.elevation === 0)!;
      expect(Math.abs(x)).toBeLessThan(template.width / 2 - 1);
      expect(Math.abs(z)).toBeLessThan(template.depth / 2 - 1);
      for (const wall of ground.walls) {
        expect(
          distanceToSegment([x, z], wall.from, wall.to),
          `${scene.spaceTemplateId} ${wall.id}`,
        ).toBeGreaterThan(wall.thickness / 2 + 0.5);
      }
      for (const stairs of ground.stairs) {
        expect(Math.hypot(x - stairs.position[0], z - stairs.position[2])).toBeGreaterThan(2);
      }
    }
  });
});

function distanceToSegment(p: [number, number], a: [number, number], b: [number, number]) {
  const [dx, dz] = [b[0] - a[0], b[1] - a[1]];
  const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dz) / (dx * dx + dz * dz)));
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dz);
}

describe.each(testDatabases())('premade spaces on $name', ({ open }) => {
  let db: DatabaseHandle;
  let t: TestApp;
  let issuer: TestIssuer;

  beforeAll(async () => {
    db = await open();
    issuer = await startTestIssuer();
    t = await buildTestApp(db, { SEED_DEMO: 'false', ...issuer.env });
  });
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await issuer?.close();
  });

  const get = (url: string) => t.app.inject({ url: `${api}${url}` });

  /** The same answer to an anonymous visitor and to a signed-in user: the catalogue is public. */
  async function getAsEveryone(url: string) {
    const anonymous = await get(url);
    const signedIn = await t.app.inject({ url: `${api}${url}`, headers: await issuer.headersFor('someone') });
    expect(signedIn.statusCode).toBe(anonymous.statusCode);
    expect(signedIn.json()).toEqual(anonymous.json());
    return anonymous;
  }

  function expectError(res: { statusCode: number; json(): unknown }, status: number, code: string) {
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ code, message: expect.any(String) });
  }

  describe('GET /spacetemplate/family', () => {
    it('lists the families, paged, to everyone', async () => {
      const res = await getAsEveryone('/spacetemplate/family');
      expect(res.statusCode).toBe(200);
      const body = SpaceTemplateFamilyPage.parse(res.json());
      expect(body).toMatchObject({ cp: 0, ipp: 9, total: 4 });
      expect(body.items.map((f) => f.spaceTemplateFamilyId)).toEqual([
        'white-cube',
        'enfilade',
        'loft',
        'atrium',
      ]);
      expect(body.items[0]).toEqual(premadeFamilies[0]);
    });

    it('filters by a part of the title, ignoring case', async () => {
      const loft = SpaceTemplateFamilyPage.parse((await get('/spacetemplate/family?title=LoF')).json());
      expect(loft.items.map((f) => f.title)).toEqual(['Loft']);
      expect(loft.total).toBe(1);
      const cube = SpaceTemplateFamilyPage.parse(
        (await get('/spacetemplate/family?title=%20cube%20')).json(),
      );
      expect(cube.items.map((f) => f.spaceTemplateFamilyId)).toEqual(['white-cube']);
      const none = SpaceTemplateFamilyPage.parse((await get('/spacetemplate/family?title=castle')).json());
      expect(none).toEqual({ items: [], cp: 0, ipp: 9, total: 0 });
    });

    it('pages with cp and ipp', async () => {
      const second = SpaceTemplateFamilyPage.parse((await get('/spacetemplate/family?cp=1&ipp=3')).json());
      expect(second).toMatchObject({ cp: 1, ipp: 3, total: 4 });
      expect(second.items.map((f) => f.spaceTemplateFamilyId)).toEqual(['atrium']);
      const beyond = SpaceTemplateFamilyPage.parse((await get('/spacetemplate/family?cp=5&ipp=3')).json());
      expect(beyond.items).toEqual([]);
    });

    it.each([
      ['a negative page', '?cp=-1'],
      ['a page that is not a number', '?cp=first'],
      ['no items per page', '?ipp=0'],
      ['too many items per page', '?ipp=101'],
      ['a fractional page size', '?ipp=2.5'],
      ['a title over 100 characters', `?title=${'a'.repeat(101)}`],
    ])('refuses %s with 400', async (_, query) => {
      expectError(await get(`/spacetemplate/family${query}`), 400, 'VALIDATION_FAILED');
    });
  });

  describe('GET /spacetemplate/family/:id', () => {
    it('answers one family', async () => {
      const res = await getAsEveryone('/spacetemplate/family/atrium');
      expect(res.statusCode).toBe(200);
      const family = SpaceTemplateFamily.parse(res.json());
      expect(family).toMatchObject({ spaceTemplateFamilyId: 'atrium', title: 'Atrium' });
      expect(family.photoGallery).toHaveLength(3);
    });

    it('answers 404 for an unknown family', async () => {
      expectError(await getAsEveryone('/spacetemplate/family/castle'), 404, 'NOT_FOUND');
    });
  });

  describe('GET /spacetemplate', () => {
    it('lists the templates of a family: every size, Standard and Premium, with prices', async () => {
      const res = await getAsEveryone('/spacetemplate?spaceTemplateFamily=loft');
      expect(res.statusCode).toBe(200);
      const body = SpaceTemplatePage.parse(res.json());
      expect(body.total).toBe(8);
      expect(body.items.map((t) => `${t.size}/${t.kind}/${t.districtPrice}`)).toEqual([
        'S/Standard/40',
        'S/Premium/140',
        'M/Standard/90',
        'M/Premium/190',
        'L/Standard/170',
        'L/Premium/270',
        'XL/Standard/300',
        'XL/Premium/400',
      ]);
      for (const template of body.items) {
        expect(template).toMatchObject({
          spaceTemplateFamilyId: 'loft',
          spaceTemplateId: expect.stringMatching(/^loft-/),
          districtItemId: expect.any(String),
          title: expect.stringMatching(/^Loft /),
        });
      }
    });

    it('lists every template when no family is given, paged', async () => {
      const first = SpaceTemplatePage.parse((await get('/spacetemplate')).json());
      expect(first).toMatchObject({ cp: 0, ipp: 9, total: 32 });
      expect(first.items).toEqual(premadeTemplates.slice(0, 9));
      const all = SpaceTemplatePage.parse((await get('/spacetemplate?ipp=100')).json());
      expect(all.items).toEqual(premadeTemplates);
    });

    it('filters by size and kind', async () => {
      const body = SpaceTemplatePage.parse((await get('/spacetemplate?size=XL&kind=Premium')).json());
      expect(body.items.map((t) => t.spaceTemplateId)).toEqual([
        'white-cube-xl-premium',
        'enfilade-xl-premium',
        'loft-xl-premium',
        'atrium-xl-premium',
      ]);
      const atriumS = SpaceTemplatePage.parse(
        (await get('/spacetemplate?spaceTemplateFamily=atrium&size=S')).json(),
      );
      expect(atriumS.items.map((t) => [t.kind, t.districtPrice, t.levels])).toEqual([
        ['Standard', 90, 2],
        ['Premium', 190, 2],
      ]);
    });

    it('answers 404 for an unknown family', async () => {
      expectError(await get('/spacetemplate?spaceTemplateFamily=castle'), 404, 'NOT_FOUND');
    });

    it.each([
      ['an unknown size', '?size=XXL'],
      ['a lower-case size', '?size=m'],
      ['an unknown kind', '?kind=Deluxe'],
      ['an empty family', '?spaceTemplateFamily='],
      ['a bad page', '?cp=-2'],
      ['a bad page size', '?ipp=1000'],
    ])('refuses %s with 400', async (_, query) => {
      expectError(await get(`/spacetemplate${query}`), 400, 'VALIDATION_FAILED');
    });
  });

  describe('GET /spacetemplate/:id', () => {
    it('answers one template', async () => {
      const res = await getAsEveryone('/spacetemplate/white-cube-m-premium');
      expect(res.statusCode).toBe(200);
      expect(SpaceTemplate.parse(res.json())).toEqual({
        spaceTemplateId: 'white-cube-m-premium',
        spaceTemplateFamilyId: 'white-cube',
        title: 'White cube M Premium',
        size: 'M',
        kind: 'Premium',
        districtPrice: 190,
        districtItemId: 'district-item-white-cube-m-premium',
        coverPhoto: '/demo/templates/white-cube-m-premium.jpg',
        width: 18,
        depth: 12,
        levels: 1,
      });
    });

    it('answers 404 for an unknown template', async () => {
      expectError(await getAsEveryone('/spacetemplate/white-cube-xxl-standard'), 404, 'NOT_FOUND');
    });
  });

  describe('GET /premadescene', () => {
    it('lists every template as a ready-to-load document, paged', async () => {
      const res = await getAsEveryone('/premadescene?ipp=100');
      expect(res.statusCode).toBe(200);
      const body = PremadeScenePage.parse(res.json());
      expect(body.total).toBe(32);
      expect(body.items.map((s) => s.spaceTemplateId)).toEqual(
        premadeTemplates.map((t) => t.spaceTemplateId),
      );
      for (const scene of body.items) expect(parseSceneContent(scene.content).ok).toBe(true);
      const page = PremadeScenePage.parse((await get('/premadescene?cp=3&ipp=9')).json());
      expect(page.items.map((s) => s.spaceTemplateId)).toEqual(
        premadeTemplates.slice(27).map((t) => t.spaceTemplateId),
      );
    });

    it('filters by family', async () => {
      const body = PremadeScenePage.parse((await get('/premadescene?spaceTemplateFamily=enfilade')).json());
      expect(body.total).toBe(8);
      expect(body.items.every((s) => s.content.spaceTemplate?.family === 'enfilade')).toBe(true);
      expectError(await get('/premadescene?spaceTemplateFamily=castle'), 404, 'NOT_FOUND');
    });

    it.each([
      ['a bad page', '?cp=x'],
      ['a bad page size', '?ipp=-1'],
    ])('refuses %s with 400', async (_, query) => {
      expectError(await get(`/premadescene${query}`), 400, 'VALIDATION_FAILED');
    });
  });

  describe('GET /premadescene/:id', () => {
    it('answers the document of one template', async () => {
      const res = await getAsEveryone('/premadescene/atrium-l-premium');
      expect(res.statusCode).toBe(200);
      const scene = PremadeScene.parse(res.json());
      expect(scene.title).toBe('Atrium L Premium');
      expect(scene.content).toMatchObject({
        version: 2,
        spaceTemplate: { family: 'atrium', size: 'L', kind: 'Premium' },
        startingPosition: [0, 1.6, 6.5],
        startingRotation: 0,
        pictures: [],
      });
      expect(scene.content.customSpace).toBeUndefined();
    });

    it('starts an enfilade in its first room, facing the north wall where its pictures hang', async () => {
      const scene = PremadeScene.parse((await get('/premadescene/enfilade-xl-standard')).json());
      const [x, y, z] = scene.content.startingPosition;
      // The XL enfilade is 34 m wide: its first room is the west one, the visitor stands in it.
      expect(x).toBeLessThan(-8);
      expect(y).toBe(1.6);
      // North of the middle, looking north (rotation 0) at the wall, not along the doorways.
      expect(z).toBeLessThan(0);
      expect(scene.content.startingRotation).toBe(0);
    });

    it('answers 404 for an unknown template', async () => {
      expectError(await getAsEveryone('/premadescene/atrium-l'), 404, 'NOT_FOUND');
    });
  });

  it('documents the routes in the OpenAPI schema', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    for (const p of [
      '/api/assetService/spacetemplate/family',
      '/api/assetService/spacetemplate/family/{id}',
      '/api/assetService/spacetemplate',
      '/api/assetService/spacetemplate/{id}',
      '/api/assetService/premadescene',
      '/api/assetService/premadescene/{id}',
    ]) {
      expect(paths).toContain(p);
    }
  });
});
