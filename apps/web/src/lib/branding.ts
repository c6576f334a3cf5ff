import { useQuery } from '@tanstack/react-query';
import type { WhitelabelConfig } from '@portal/contract';

async function fetchJson(url: string): Promise<WhitelabelConfig> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()) as WhitelabelConfig;
}

/** The company's branding, else the portal's own (access.md §7: config.json per CUIT with a fallback). */
export async function loadBranding(cuit: string | null): Promise<WhitelabelConfig> {
  if (cuit) {
    try {
      return await fetchJson(`/whitelabel/${cuit}/config.json`);
    } catch {
      // fall through to the portal's own branding
    }
  }
  return fetchJson('/whitelabel/config.json');
}

export function useBranding(cuit: string | null) {
  return useQuery({ queryKey: ['branding', cuit], queryFn: () => loadBranding(cuit), staleTime: 5 * 60_000, retry: false });
}
