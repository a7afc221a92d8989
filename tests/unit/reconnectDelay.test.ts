import { describe, expect, it } from 'vitest';
import { reconnectDelayMs } from '../../src/services/notificationHub';

describe('hub reconnect delays', () => {
  it('tries every 1–2 s for a minute, every 5–10 s for ten, then gives up', () => {
    expect(reconnectDelayMs(0, () => 0)).toBe(1000);
    expect(reconnectDelayMs(59_000, () => 1)).toBe(2000);
    expect(reconnectDelayMs(60_000, () => 0)).toBe(5000);
    expect(reconnectDelayMs(599_000, () => 1)).toBe(10_000);
    expect(reconnectDelayMs(600_000)).toBeNull();
    // A server back after 25 s has its visitors back by 27 s.
    let elapsed = 0;
    while (elapsed < 25_000) elapsed += reconnectDelayMs(elapsed)!;
    expect(elapsed).toBeLessThanOrEqual(27_000);
  });
});
