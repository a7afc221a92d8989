import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { enginePlayers, playerBuildFiles } from '../../../contracts/engineBuilds';

/** What each player's files hold before compression, so tests can compare what comes back. */
export const playerContent = (player: string) => ({
  loader: `/* ${player} loader */ window.createUnityInstance = () => Promise.resolve({});\n`,
  data: Buffer.from(`${player} data `.repeat(200)),
  framework: `/* ${player} framework */ var unityFramework = () => 1;\n`,
  code: Buffer.concat([Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]), Buffer.from(player)]),
});

/**
 * A small but real Unity-shaped brotli build in `<root>/<name>`: the three players with their four
 * Build files (the .br ones really brotli-compressed) and a StreamingAssets file. Returns its folder.
 */
export function writeFakeBuild(root: string, name = 'unity-build'): string {
  const folder = path.join(root, name);
  for (const player of enginePlayers) {
    const files = playerBuildFiles(player);
    const content = playerContent(player);
    const build = path.join(folder, player, 'Build');
    mkdirSync(build, { recursive: true });
    writeFileSync(path.join(build, files.loader), content.loader);
    writeFileSync(path.join(build, files.data), brotliCompressSync(content.data));
    writeFileSync(path.join(build, files.framework), brotliCompressSync(content.framework));
    writeFileSync(path.join(build, files.code), brotliCompressSync(content.code));
    mkdirSync(path.join(folder, player, 'StreamingAssets', 'videos'), { recursive: true });
    writeFileSync(path.join(folder, player, 'StreamingAssets', 'videos', 'intro.mp4'), '0123456789');
    // Unity's page template: not part of what the platform serves.
    writeFileSync(path.join(folder, player, 'index.html'), '<!doctype html><title>Unity</title>');
  }
  return folder;
}
