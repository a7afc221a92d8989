import {
  AnimationClip,
  BoxGeometry,
  Group,
  Mesh,
  MeshStandardMaterial,
  SphereGeometry,
  Texture,
} from 'three';
import { describe, expect, it } from 'vitest';
import { assetStats } from '../../../src/engine/web/inspector/stats';

describe('asset statistics', () => {
  it('measure a model in metres and count what it is made of', () => {
    const texture = new Texture();
    const painted = new MeshStandardMaterial({ map: texture, normalMap: texture });
    const plain = new MeshStandardMaterial();
    const root = new Group();
    const box = new Mesh(new BoxGeometry(2, 1, 0.5), painted);
    box.position.y = 0.5;
    const ball = new Mesh(new SphereGeometry(0.25, 8, 4), plain);
    ball.position.set(0, 1.25, 0);
    const other = new Mesh(new BoxGeometry(0.1, 0.1, 0.1), painted);
    other.position.set(0.5, 0.05, 0);
    root.add(box, ball, other);
    const stats = assetStats(root, [new AnimationClip('Spin', 1, []), new AnimationClip('', 1, [])]);
    expect(stats.dimensions).toEqual({ x: 2, y: 1.5, z: 0.5 });
    expect(stats.meshes).toBe(3);
    expect(stats.materials).toBe(2);
    expect(stats.textures).toBe(1);
    expect(stats.triangles).toBe(12 + 12 + new SphereGeometry(0.25, 8, 4).index!.count / 3);
    expect(stats.animationClips).toEqual(['Spin', 'Clip 2']);
  });

  it('report an empty group as zero-sized', () => {
    expect(assetStats(new Group())).toEqual({
      dimensions: { x: 0, y: 0, z: 0 },
      animationClips: [],
      triangles: 0,
      meshes: 0,
      materials: 0,
      textures: 0,
    });
  });
});
