import type { DeviceMeta } from '../../shared/schemas/account';

/** Screen and platform facts sent with a login (shown later in the list of active sessions). */
export function deviceMeta(): DeviceMeta {
  if (typeof window === 'undefined') return {};
  const nav = navigator as Navigator & { userAgentData?: { platform?: string } };
  const platform = (nav.userAgentData?.platform || nav.platform || '').slice(0, 100);
  const meta: DeviceMeta = {};
  if (window.screen) {
    meta.screen_width = Math.round(window.screen.width);
    meta.screen_height = Math.round(window.screen.height);
  }
  if (platform) meta.platform = platform;
  return meta;
}
