// @vitest-environment node
// The GLB is a file on disk and three's GLB parser needs no DOM for an untextured model.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { NodeIO, type Primitive } from '@gltf-transform/core';
import { type AnimationClip, type Object3D, SkinnedMesh } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { describe, expect, it } from 'vitest';
import { avatarClips } from '../../contracts/avatars';
import { emotes } from '../../contracts/livePoses';
import { buildAvatar } from '../../scripts/avatar/make-avatar';

/**
 * The built-in avatar (public/avatars/avatar.glb, made by scripts/avatar/make-avatar.ts): what the
 * engine relies on. Run the generator again (and commit the GLB) when the last test fails after a
 * change to it.
 */

const file = fileURLToPath(new URL('../../public/avatars/avatar.glb', import.meta.url));
const committed = new Uint8Array(readFileSync(file));

const jointNames = [
  'Hips',
  'Spine',
  'Chest',
  'Neck',
  'Head',
  'UpperArm.L',
  'LowerArm.L',
  'Hand.L',
  'UpperArm.R',
  'LowerArm.R',
  'Hand.R',
  'UpperLeg.L',
  'LowerLeg.L',
  'Foot.L',
  'UpperLeg.R',
  'LowerLeg.R',
  'Foot.R',
];

const doc = await new NodeIO().readBinary(committed);
const root = doc.getRoot();

function thePrimitive(): Primitive {
  const meshes = root.listMeshes();
  expect(meshes).toHaveLength(1);
  const primitives = meshes[0].listPrimitives();
  expect(primitives).toHaveLength(1);
  return primitives[0];
}

/** An attribute's elements, each as an array. */
function elements(primitive: Primitive, semantic: string): number[][] {
  const accessor = primitive.getAttribute(semantic)!;
  return Array.from({ length: accessor.getCount() }, (_, i) => accessor.getElement(i, []));
}

describe('the avatar model', () => {
  it('is small: under 80 KB and 2,500 vertices', () => {
    expect(committed.byteLength).toBeLessThan(80 * 1024);
    expect(thePrimitive().getAttribute('POSITION')!.getCount()).toBeLessThan(2500);
  });

  it('has one skin with the 17 joints under one root, beside the skinned mesh', () => {
    const skins = root.listSkins();
    expect(skins).toHaveLength(1);
    const joints = skins[0].listJoints();
    expect(joints.map((j) => j.getName())).toEqual(jointNames);
    expect(skins[0].getInverseBindMatrices()!.getCount()).toBe(17);
    const scene = root.listScenes()[0];
    expect(scene.listChildren().map((n) => n.getName())).toEqual(['Avatar']);
    const avatar = scene.listChildren()[0];
    const meshNode = avatar.listChildren().find((n) => n.getMesh())!;
    expect(meshNode.getSkin()).toBe(skins[0]);
    expect(avatar.listChildren()).toContain(joints[0]);
    // The inverse bind matrices undo each joint's world placement in the bind pose.
    const inverse = skins[0].getInverseBindMatrices()!;
    joints.forEach((joint, i) => {
      const [x, y, z] = joint.getWorldTranslation();
      const m = inverse.getElement(i, []);
      expect(m[12] + x).toBeCloseTo(0, 5);
      expect(m[13] + y).toBeCloseTo(0, 5);
      expect(m[14] + z).toBeCloseTo(0, 5);
    });
    // L is the figure's own left: it faces -z, so its left is -x.
    const x = (name: string) => joints.find((j) => j.getName() === name)!.getWorldTranslation()[0];
    expect(x('Hand.L')).toBeLessThan(-0.1);
    expect(x('Hand.R')).toBeGreaterThan(0.1);
    expect(x('Foot.L')).toBeLessThan(0);
    expect(x('Foot.R')).toBeGreaterThan(0);
  });

  it('is one primitive of one white material with colours, normals, joints and weights', () => {
    const primitive = thePrimitive();
    expect(primitive.listSemantics().sort()).toEqual([
      'COLOR_0',
      'JOINTS_0',
      'NORMAL',
      'POSITION',
      'WEIGHTS_0',
    ]);
    expect(primitive.getIndices()).not.toBeNull();
    expect(primitive.getMode()).toBe(4); // TRIANGLES
    const material = primitive.getMaterial()!;
    expect(root.listMaterials()).toEqual([material]);
    expect(material.getName()).toBe('Body');
    expect(material.getBaseColorFactor()).toEqual([1, 1, 1, 1]);
    expect(material.getMetallicFactor()).toBe(0);
    expect(material.getRoughnessFactor()).toBeCloseTo(0.7, 5);
    expect(root.listTextures()).toHaveLength(0);
  });

  it('weights every vertex fully to joints of the skin', () => {
    const primitive = thePrimitive();
    const weights = elements(primitive, 'WEIGHTS_0');
    const joints = elements(primitive, 'JOINTS_0');
    for (const w of weights) expect(Math.abs(w.reduce((a, b) => a + b, 0) - 1)).toBeLessThan(1e-3);
    for (const j of joints) for (const index of j) expect(index).toBeLessThan(jointNames.length);
  });

  it('stands about 1.75 m tall on y = 0, centred on x = z = 0', () => {
    const positions = elements(thePrimitive(), 'POSITION');
    const min = [0, 1, 2].map((i) => Math.min(...positions.map((p) => p[i])));
    const max = [0, 1, 2].map((i) => Math.max(...positions.map((p) => p[i])));
    expect(min[1]).toBeCloseTo(0, 3);
    expect(max[1] - min[1]).toBeGreaterThan(1.6);
    expect(max[1] - min[1]).toBeLessThan(1.9);
    expect(Math.abs(min[0] + max[0])).toBeLessThan(0.01);
    expect(Math.abs(min[2] + max[2])).toBeLessThan(0.1);
  });

  it('looks down -z: its dark visor is on the front of the head', () => {
    const primitive = thePrimitive();
    const positions = elements(primitive, 'POSITION');
    const colours = elements(primitive, 'COLOR_0');
    const joints = elements(primitive, 'JOINTS_0');
    const head = jointNames.indexOf('Head');
    const dark = positions.filter((_, i) => colours[i][0] < 0.2);
    expect(dark.length).toBeGreaterThan(0);
    for (const [i, p] of positions.entries()) {
      if (colours[i][0] >= 0.2) continue;
      expect(joints[i][0]).toBe(head);
      expect(p[1]).toBeGreaterThan(1.55);
      expect(p[2]).toBeLessThan(0);
    }
    expect(dark.reduce((sum, p) => sum + p[2], 0) / dark.length).toBeLessThan(-0.05);
    // The body is near white (so that tinting the material colours it), the rest a little darker.
    expect(Math.max(...colours.map((c) => c[0]))).toBeCloseTo(0.95, 2);
  });

  it('has the clips Idle, Walk and one per emote, the emotes at most 3 s long', () => {
    const animations = root.listAnimations();
    expect(animations.map((a) => a.getName())).toEqual([avatarClips.idle, avatarClips.walk, ...emotes]);
    const duration = (name: string) =>
      Math.max(
        ...animations
          .find((a) => a.getName() === name)!
          .listSamplers()
          .map((s) => s.getInput()!.getMax([])[0]),
      );
    for (const emote of emotes) {
      expect(duration(emote), emote).toBeGreaterThanOrEqual(1.5);
      expect(duration(emote), emote).toBeLessThanOrEqual(3);
    }
    expect(duration(avatarClips.walk)).toBeCloseTo(1, 5);
    for (const animation of animations) {
      for (const sampler of animation.listSamplers()) expect(sampler.getInterpolation()).toBe('LINEAR');
      for (const channel of animation.listChannels()) {
        expect(jointNames).toContain(channel.getTargetNode()!.getName());
        expect(['rotation', 'translation']).toContain(channel.getTargetPath());
      }
    }
  });

  it('loads in three.js as a skinned mesh with 11 clips', async () => {
    const buffer = committed.buffer.slice(
      committed.byteOffset,
      committed.byteOffset + committed.byteLength,
    ) as ArrayBuffer;
    const gltf = await new Promise<{ scene: Object3D; animations: AnimationClip[] }>((resolve, reject) =>
      new GLTFLoader().parse(buffer, '', resolve, reject),
    );
    const skinned: SkinnedMesh[] = [];
    gltf.scene.traverse((o) => {
      if (o instanceof SkinnedMesh) skinned.push(o);
    });
    expect(skinned).toHaveLength(1);
    expect(skinned[0].skeleton.bones).toHaveLength(17);
    expect(gltf.animations).toHaveLength(11);
    expect(gltf.animations.map((c) => c.name)).toEqual([avatarClips.idle, avatarClips.walk, ...emotes]);
  });

  it('is what the generator makes, byte for byte, every time', async () => {
    const first = await buildAvatar();
    const second = await buildAvatar();
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
    expect(Buffer.from(first).equals(Buffer.from(committed))).toBe(true);
  });
});
