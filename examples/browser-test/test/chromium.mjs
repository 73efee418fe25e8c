import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

/** Debian's chromium package (scripts/install-chromium.sh installs it). */
export const CHROMIUM = '/usr/bin/chromium';

const ARGS = [
  '--headless',
  '--no-sandbox', // tests run as root in CI, where Chromium's sandbox refuses to start
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-proxy-server', // the page's servers are on this machine: no proxy from the environment
];

/**
 * Starts headless Chromium with a fresh profile (a new --user-data-dir, so no cache from an earlier
 * run). Resolves to `{ context, close }`, or to `{ unavailable: reason }` when the browser cannot start.
 */
export async function launchChromium() {
  if (!existsSync(CHROMIUM)) {
    return {
      unavailable: `${CHROMIUM} is missing; install it with npm run install-browser --workspace @framework/example-browser-test`,
    };
  }
  const profile = mkdtempSync(join(tmpdir(), 'framework-chromium-'));
  const removeProfile = () => rmSync(profile, { recursive: true, force: true });
  try {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: ARGS,
      timeout: 60_000,
    });
    return {
      context,
      close: async () => {
        await context.close();
        removeProfile();
      },
    };
  } catch (error) {
    removeProfile();
    return { unavailable: `Chromium cannot start here: ${String(error.message).split('\n')[0]}` };
  }
}
