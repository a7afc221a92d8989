import {
  CanvasTexture,
  CircleGeometry,
  DoubleSide,
  Group,
  InstancedMesh,
  Matrix4,
  Mesh,
  MeshBasicMaterial,
  MeshStandardMaterial,
  type PerspectiveCamera,
  Quaternion,
  ShaderMaterial,
  SRGBColorSpace,
  TorusGeometry,
  Vector3,
} from 'three';
import type { InfoPoint, Portal } from '../../../../contracts/sceneContent';
import { transformMatrix } from './pictures';
import { labelText } from './texts';

/**
 * Portals (a glowing ring to another space) and info points (an "i" badge that always faces the
 * visitor). Info points are one instanced draw call together.
 */

export const portalRadius = 0.75;

const swirl = {
  vertexShader: /* glsl */ `
    varying vec2 vUv;
    void main() { vUv = uv; gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0); }`,
  fragmentShader: /* glsl */ `
    uniform float time;
    varying vec2 vUv;
    void main() {
      vec2 p = vUv - 0.5;
      float r = length(p) * 2.0;
      float a = atan(p.y, p.x);
      float bands = 0.5 + 0.5 * sin(a * 3.0 + r * 10.0 - time * 2.0);
      vec3 inner = vec3(0.55, 0.85, 1.0);
      vec3 outer = vec3(0.25, 0.35, 0.95);
      vec3 color = mix(inner, outer, r) + bands * 0.18;
      gl_FragColor = vec4(color, 0.82 * smoothstep(1.0, 0.85, r));
    }`,
};

export interface BuiltPortal {
  portal: Portal;
  object: Group;
  /** World centre of the ring. */
  center: Vector3;
  hit: Mesh;
  update(seconds: number): void;
  dispose(): void;
}

export function buildPortal(portal: Portal): BuiltPortal {
  const group = new Group();
  group.name = `portal:${portal.id}`;
  group.applyMatrix4(transformMatrix(portal.transform));
  const ring = new Mesh(
    new TorusGeometry(portalRadius, 0.06, 12, 48),
    new MeshStandardMaterial({ color: '#d9c27a', metalness: 0.6, roughness: 0.3, emissive: '#3a2f10' }),
  );
  const material = new ShaderMaterial({
    uniforms: { time: { value: 0 } },
    ...swirl,
    transparent: true,
    side: DoubleSide,
    depthWrite: false,
  });
  const disc = new Mesh(new CircleGeometry(portalRadius, 48), material);
  disc.userData.objectId = portal.id;
  ring.userData.objectId = portal.id;
  group.add(ring, disc);
  const parts: { dispose(): void }[] = [ring.geometry, ring.material, disc.geometry, material];
  if (portal.label) {
    const label = labelText(portal.label, 0.16, '#1d2740');
    label.anchorY = 'bottom';
    label.position.set(0, portalRadius + 0.15, 0);
    label.sync();
    group.add(label);
    parts.push(label);
  }
  group.updateMatrixWorld(true);
  return {
    portal,
    object: group,
    center: new Vector3().setFromMatrixPosition(group.matrixWorld),
    hit: disc,
    update(seconds) {
      material.uniforms.time.value = seconds;
    },
    dispose() {
      parts.forEach((p) => p.dispose());
    },
  };
}

export function infoIcon(): CanvasTexture {
  const size = 128;
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = size;
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#1f6feb';
  ctx.beginPath();
  ctx.arc(size / 2, size / 2, size / 2 - 4, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = 8;
  ctx.stroke();
  ctx.fillStyle = '#ffffff';
  ctx.font = `bold ${size * 0.62}px Georgia, serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText('i', size / 2, size / 2 + 4);
  const texture = new CanvasTexture(canvas);
  texture.colorSpace = SRGBColorSpace;
  return texture;
}

export const infoPointRadius = 0.16;

export interface BuiltInfoPoints {
  mesh: InstancedMesh | null;
  ids: string[];
  centers: Vector3[];
  /** Turns every badge towards the camera; returns true if anything moved. */
  face(camera: PerspectiveCamera): boolean;
  dispose(): void;
}

export function buildInfoPoints(points: InfoPoint[]): BuiltInfoPoints {
  const centers = points.map((p) => new Vector3().setFromMatrixPosition(transformMatrix(p.transform)));
  if (points.length === 0) {
    return { mesh: null, ids: [], centers, face: () => false, dispose() {} };
  }
  const texture = infoIcon();
  const material = new MeshBasicMaterial({
    map: texture,
    transparent: true,
    alphaTest: 0.1,
    toneMapped: false,
  });
  const mesh = new InstancedMesh(new CircleGeometry(infoPointRadius, 32), material, points.length);
  mesh.name = 'info-points';
  mesh.frustumCulled = false;
  const lastCamera = new Vector3(Infinity, 0, 0);
  const m = new Matrix4();
  const q = new Quaternion();
  const one = new Vector3(1, 1, 1);
  const face = (camera: PerspectiveCamera) => {
    if (camera.position.distanceToSquared(lastCamera) < 1e-6 && lastCamera.x !== Infinity) {
      // Only the camera's position changes which way a badge faces (it turns about y).
      return false;
    }
    lastCamera.copy(camera.position);
    centers.forEach((c, i) => {
      const yaw = Math.atan2(camera.position.x - c.x, camera.position.z - c.z);
      q.setFromAxisAngle(new Vector3(0, 1, 0), yaw);
      m.compose(c, q, one);
      mesh.setMatrixAt(i, m);
    });
    mesh.instanceMatrix.needsUpdate = true;
    mesh.computeBoundingSphere();
    return true;
  };
  return {
    mesh,
    ids: points.map((p) => p.id),
    centers,
    face,
    dispose() {
      mesh.geometry.dispose();
      material.dispose();
      texture.dispose();
    },
  };
}
