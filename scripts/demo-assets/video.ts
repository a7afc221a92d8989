import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * The demo video: 4 s, 320×180, VP9 in WebM, made by ffmpeg from its own lavfi sources (a slowly
 * turning colour gradient with three shapes circling over it). ffmpeg is optional: without it
 * this step is skipped with a note and the gallery simply has no file video.
 */

export const videoFile = 'demo/videos/loop.webm';
const maxBytes = 150 * 1024;
const seconds = 4;

/** A filled circle of `size` pixels as an RGBA source, drawn with geq. */
const circle = (label: string, size: number, [r, g, b]: [number, number, number]) =>
  `color=c=black:s=${size}x${size}:r=24:d=${seconds},format=rgba,` +
  `geq=r='${r}':g='${g}':b='${b}':a='255*lt(hypot(X-${size / 2}+0.5,Y-${size / 2}+0.5),${size / 2 - 1})'[${label}]`;

// The shapes move on sines of period 4 s, so they are back where they started when the video loops.
const filterGraph = [
  `gradients=s=320x180:r=24:d=${seconds}:n=4:c0=0xf2cc8f:c1=0x81b29a:c2=0x3d405b:c3=0xe07a5f:speed=0.02:seed=7[bg]`,
  circle('big', 64, [42, 157, 143]),
  circle('small', 40, [244, 241, 222]),
  `color=c=0x3d405b:s=36x36:r=24:d=${seconds}[square]`,
  `[bg][big]overlay=x='128+100*sin(2*PI*t/4)':y='58+40*cos(2*PI*t/4)'[m1]`,
  `[m1][small]overlay=x='140-110*sin(2*PI*t/4)':y='70+50*sin(4*PI*t/4)'[m2]`,
  `[m2][square]overlay=x='142+120*cos(2*PI*t/4)':y='72-50*cos(2*PI*t/4)'`,
].join(';');

function hasFfmpeg(): boolean {
  const probe = spawnSync('ffmpeg', ['-hide_banner', '-version'], { stdio: 'ignore' });
  return probe.status === 0;
}

/**
 * Writes the video and returns its url. Without ffmpeg it prints a note and keeps a video made
 * earlier (the committed one), so the gallery document does not change; undefined when there is none.
 */
export async function writeVideo(publicDir: string): Promise<string | undefined> {
  const out = path.join(publicDir, videoFile);
  const existing = () => (existsSync(out) ? `/${videoFile}` : undefined);
  if (!hasFfmpeg()) {
    console.log(`note: ffmpeg not found; ${existing() ? 'keeping the existing' : 'skipping'} ${videoFile}`);
    return existing();
  }
  await mkdir(path.dirname(out), { recursive: true });
  // Single-threaded and bit-exact, so the same ffmpeg build writes the same bytes every run.
  const args = [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', filterGraph, '-t', String(seconds)],
    ...['-c:v', 'libvpx-vp9', '-b:v', '200k', '-pix_fmt', 'yuv420p', '-an'],
    ...[
      '-threads',
      '1',
      '-row-mt',
      '0',
      '-fflags',
      '+bitexact',
      '-flags:v',
      '+bitexact',
      '-map_metadata',
      '-1',
    ],
    out,
  ];
  const run = spawnSync('ffmpeg', args, { encoding: 'utf8' });
  if (run.status !== 0) {
    console.log(`note: ffmpeg failed (${run.stderr.trim() || run.status}); skipping ${videoFile}`);
    await rm(out, { force: true }); // a half-written file would be worse than none
    return undefined;
  }
  const { size } = await stat(out);
  if (size > maxBytes) throw new Error(`${videoFile} is ${size} bytes (at most ${maxBytes})`);
  return `/${videoFile}`;
}
