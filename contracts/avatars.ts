import { z } from 'zod';

/**
 * A visitor's avatar (platform.md §3 User (full) `avatar`; issue 'live presence'): the built-in
 * rigged figure (public/avatars/avatar.glb, made by scripts/avatar/make-avatar.ts) in one of a few
 * shapes and colours, picked in the profile. The user's `avatar` field holds the choice as
 * `shape/colour` (for example `tall/teal`); null means the platform picks one from the user's id.
 */

/** The shapes: how the figure is scaled across (width) and up (height). */
export const avatarShapes = {
  classic: { width: 1, height: 1 },
  tall: { width: 0.9, height: 1.1 },
  sturdy: { width: 1.2, height: 0.94 },
} as const;
export type AvatarShape = keyof typeof avatarShapes;
export const avatarShapeNames = Object.keys(avatarShapes) as [AvatarShape, ...AvatarShape[]];

/** The colours of the body (the visor and the joints keep theirs). */
export const avatarColours = {
  coral: '#e07a5f',
  amber: '#f2a541',
  olive: '#8a9a3b',
  teal: '#2a9d8f',
  sky: '#4a90d9',
  indigo: '#5c5fc4',
  plum: '#9b4f96',
  slate: '#6b7684',
} as const;
export type AvatarColour = keyof typeof avatarColours;
export const avatarColourNames = Object.keys(avatarColours) as [AvatarColour, ...AvatarColour[]];

export interface AvatarLook {
  shape: AvatarShape;
  colour: AvatarColour;
}

/** The longest `avatar` value. */
export const avatarMaxLength = 40;

export const avatarMessage = `Choose a shape (${avatarShapeNames.join(', ')}) and a colour (${avatarColourNames.join(', ')}), as shape/colour`;

/** Reads `shape/colour`; null when it is not one of ours. */
export function parseAvatar(value: string | null | undefined): AvatarLook | null {
  if (!value) return null;
  const [shape, colour, ...rest] = value.split('/');
  if (rest.length || !(shape in avatarShapes) || !(colour in avatarColours)) return null;
  return { shape: shape as AvatarShape, colour: colour as AvatarColour };
}

export const formatAvatar = (look: AvatarLook) => `${look.shape}/${look.colour}`;

/** The look of someone who picked none: the classic shape in a colour that follows from their id. */
export function defaultAvatar(id: string | number): AvatarLook {
  const text = String(id);
  let hash = 0;
  for (let i = 0; i < text.length; i++) hash = (hash * 31 + text.charCodeAt(i)) >>> 0;
  return { shape: 'classic', colour: avatarColourNames[hash % avatarColourNames.length] };
}

/** The look to draw: the one picked, else the default for the id. */
export const avatarLookOf = (value: string | null | undefined, id: string | number): AvatarLook =>
  parseAvatar(value) ?? defaultAvatar(id);

/** The profile's `avatar` field: a known `shape/colour`, or null (or empty) for the default. */
export const AvatarChoice = z
  .string()
  .trim()
  .max(avatarMaxLength, { error: avatarMessage })
  .refine((v) => v === '' || parseAvatar(v) !== null, { error: avatarMessage })
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .describe('The avatar: shape/colour, for example tall/teal; null or empty for the default');

/**
 * The built-in figure's animation clips, as in the GLB: idle and walk blend by speed; each emote of
 * contracts/livePoses.ts `emotes` has a clip of its name.
 */
export const avatarClips = { idle: 'Idle', walk: 'Walk' } as const;
