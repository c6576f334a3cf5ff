import { API_PREFIX } from '@portal/contract';
import { ApiError, freshAccessToken } from './api';
import { sessionStore } from './session-store';

/**
 * Files, printing and sharing (access.md §7 "Files, printing, sharing"), shared by every area that exports,
 * downloads, prints or shares a document: the fiscal documents, statements, grain, contracts, receipts.
 */

export type QueryValues = Record<string, string | number | boolean | readonly (string | number)[] | undefined | null>;

function appendQuery(params: URLSearchParams, query: QueryValues) {
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) v.forEach((item) => params.append(k, String(item)));
    else params.set(k, String(v));
  }
}

/** An address the server answered ('/api/public/…', 'https://…') or a call's path ('/proxy/…') as one to open. */
export function apiAddress(path: string): string {
  if (/^https?:\/\//.test(path) || path.startsWith(`${API_PREFIX}/`)) return path;
  return `${API_PREFIX}${path.startsWith('/') ? '' : '/'}${path}`;
}

/**
 * The address of an export or file the browser opens by itself (no headers): the call's own query plus the
 * token, files=true, the company (cooperativa) and the entity (entity_id), as statements.md §7 gives them.
 * The token is refreshed first when it is about to expire, as such a request cannot refresh it on a 401.
 */
export async function fileUrl(path: string, query: QueryValues = {}): Promise<string> {
  const token = await freshAccessToken();
  const s = sessionStore.get();
  const params = new URLSearchParams();
  appendQuery(params, query);
  appendQuery(params, { token, files: true, cooperativa: s.host?.cuit, entity_id: s.entity?.codent });
  const base = apiAddress(path);
  return `${base}${base.includes('?') ? '&' : '?'}${params.toString()}`;
}

/**
 * Lets the browser download an address (an export streamed by the server, a generated zip): a temporary
 * link with `download`, so the page stays where it is and the file goes to the downloads.
 */
export function downloadUrl(url: string, fileName = ''): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/**
 * Downloads an export (PDF or EXCEL of a list) with the session's token in its address (see `fileUrl`). The file is
 * fetched whole before it is handed to the browser's downloads, so the promise lasts as long as the server works on
 * it: the caller's button shows its spinner (and is busy for a screen reader) the whole time, not only until the
 * request leaves. A refusal rejects with the server's Spanish message (ApiError) instead of downloading it as a file.
 */
export async function openExport(path: string, query: QueryValues): Promise<void> {
  const res = await fetch(await fileUrl(path, query));
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    const text = body && typeof body === 'object' && 'msg' in body && typeof body.msg === 'string' ? body.msg : '';
    throw new ApiError(res.status, text, body);
  }
  downloadBlob(await res.blob(), fileNameOf(res.headers.get('content-disposition'), 'exportacion'));
}

/**
 * Fetches a generated file (a ZIP behind a signed address) into the page, so it is whole in hand before the
 * server is told to delete it. Throws on any answer but 200.
 */
export async function fetchFile(url: string, fallbackName = 'archivo'): Promise<{ blob: Blob; fileName: string }> {
  const res = await fetch(apiAddress(url));
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return { blob: await res.blob(), fileName: fileNameOf(res.headers.get('content-disposition'), fallbackName) };
}

/** The file name of a Content-Disposition header, or the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (star) return decodeURIComponent(star[1]!);
  const plain = /filename="?([^";]+)"?/i.exec(disposition ?? '');
  return plain ? plain[1]! : fallback;
}

/** Saves a blob the page already holds under a file name. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  downloadUrl(url, fileName);
  // The click has handed the blob to the download manager; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A base64 text (with or without a data: prefix) as a blob. */
export function base64ToBlob(base64: string, type = 'application/pdf'): Blob {
  const clean = base64.replace(/^data:[^,]*,/, '').replace(/\s/g, '');
  const binary = atob(clean);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

export const PRINT_FRAME_ID = 'portal-print-frame';

/**
 * The browser's print flow for a base64 PDF (GET /proxy/imprime → archivos.archivo): the PDF goes into a
 * hidden iframe, which prints once it has loaded. One frame is reused: the previous document is dropped when
 * the next one is printed, not earlier, as the print dialog may still be showing it.
 */
export function printBase64Pdf(base64: string): HTMLIFrameElement {
  const url = URL.createObjectURL(base64ToBlob(base64));
  const previous = document.getElementById(PRINT_FRAME_ID) as HTMLIFrameElement | null;
  if (previous) {
    URL.revokeObjectURL(previous.src);
    previous.remove();
  }
  const frame = document.createElement('iframe');
  frame.id = PRINT_FRAME_ID;
  frame.title = 'Impresión';
  frame.setAttribute('aria-hidden', 'true');
  frame.setAttribute('data-testid', 'print-frame');
  // Off screen but laid out: a display:none frame does not load its PDF viewer in every browser.
  Object.assign(frame.style, { position: 'fixed', right: '0', bottom: '0', width: '0', height: '0', border: '0', visibility: 'hidden' });
  frame.onload = () => {
    try {
      frame.contentWindow?.focus();
      frame.contentWindow?.print();
    } catch {
      // A browser that cannot print the frame opens the PDF instead, where the user prints it.
      window.open(url, '_blank', 'noopener');
    }
  };
  frame.src = url;
  document.body.appendChild(frame);
  return frame;
}

/** A WhatsApp link (wa.me) that opens the app or web with the text ready to send to any contact. */
export function whatsappLink(text: string, phone?: string): string {
  const to = phone ? phone.replace(/\D/g, '') : '';
  return `https://wa.me/${to}?text=${encodeURIComponent(text)}`;
}

/**
 * Opens the WhatsApp link in a new tab (the app on a phone). The text may still be on its way (a share link
 * the server signs first): the tab is opened at once, inside the click, so no pop-up blocker refuses it, and
 * is pointed at WhatsApp when the text arrives, or closed when it fails (the error is rethrown).
 */
export async function shareByWhatsApp(text: string | Promise<string>, phone?: string): Promise<void> {
  if (typeof text === 'string') {
    window.open(whatsappLink(text, phone), '_blank', 'noopener');
    return;
  }
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  try {
    const link = whatsappLink(await text, phone);
    if (tab) tab.location.href = link;
    else window.open(link, '_blank', 'noopener');
  } catch (e) {
    tab?.close();
    throw e;
  }
}
