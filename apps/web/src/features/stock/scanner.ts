import type { IScannerControls } from '@zxing/browser';
import type { DecodeHintType } from '@zxing/library';
import { warehouseMsg } from '@portal/contract';

/** A camera failure with the Spanish text the user reads (field-warehouse.md §8). */
export class CameraError extends Error {}

export const CAMERA_KEY = 'stock.cameraId';

type Log = (text: string, level?: 'info' | 'warn' | 'error') => void;

const BACK = /back|rear|trasera|environment|posterior/i;

/** Maps getUserMedia's DOMException names to the spec's texts. */
function cameraError(e: unknown): CameraError {
  const name = e instanceof DOMException || e instanceof Error ? e.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return new CameraError(warehouseMsg.permisoDenegado);
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError') return new CameraError(warehouseMsg.camaraNoEncontrada);
  return new CameraError(warehouseMsg.camaraNoIniciada);
}

/**
 * Opens the back camera: the one remembered in localStorage, else `facingMode: environment` (iOS Safari gives no
 * device labels before permission, so a deviceId cannot be chosen up front). After permission, the chosen
 * camera's id is remembered when it is a back camera (or the only one).
 */
export async function openCamera(log: Log): Promise<MediaStream> {
  if (!window.isSecureContext) throw new CameraError(warehouseMsg.camaraRequiereHttps);
  if (!navigator.mediaDevices?.getUserMedia) throw new CameraError(warehouseMsg.sinGetUserMedia);
  const before = await navigator.mediaDevices.enumerateDevices().catch(() => [] as MediaDeviceInfo[]);
  if (before.length > 0 && !before.some((d) => d.kind === 'videoinput')) throw new CameraError(warehouseMsg.sinCamaras);
  const remembered = localStorage.getItem(CAMERA_KEY);
  const base = { width: { ideal: 1280 }, height: { ideal: 720 } };
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: false, video: remembered ? { ...base, deviceId: { exact: remembered } } : { ...base, facingMode: { ideal: 'environment' } } });
  } catch (e) {
    if (!remembered) throw cameraError(e);
    log(`La cámara recordada no respondió (${(e as Error).name}); se usa la trasera por defecto`, 'warn');
    localStorage.removeItem(CAMERA_KEY);
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: false, video: { ...base, facingMode: { ideal: 'environment' } } });
    } catch (e2) {
      throw cameraError(e2);
    }
  }
  const track = stream.getVideoTracks()[0];
  if (!track) {
    stream.getTracks().forEach((t) => t.stop());
    throw new CameraError(warehouseMsg.sinCamaras);
  }
  const settings = track.getSettings();
  const cameras = (await navigator.mediaDevices.enumerateDevices().catch(() => [] as MediaDeviceInfo[])).filter((d) => d.kind === 'videoinput');
  log(`Cámara: ${track.label || 'sin nombre'} (${settings.width ?? '?'}×${settings.height ?? '?'}, ${cameras.length} disponibles)`);
  if (settings.deviceId && (settings.facingMode === 'environment' || BACK.test(track.label) || cameras.length === 1)) localStorage.setItem(CAMERA_KEY, settings.deviceId);
  return stream;
}

export const hasTorch = (stream: MediaStream | null): boolean => {
  const track = stream?.getVideoTracks()[0];
  const caps = track && typeof track.getCapabilities === 'function' ? (track.getCapabilities() as MediaTrackCapabilities & { torch?: boolean }) : undefined;
  return Boolean(caps?.torch);
};

export async function setTorch(stream: MediaStream | null, on: boolean): Promise<void> {
  const track = stream?.getVideoTracks()[0];
  if (!track) return;
  await track.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] });
}

type Detector = { detect: (source: HTMLVideoElement) => Promise<Array<{ rawValue: string; format: string }>> };
type DetectorClass = { new (o: { formats: string[] }): Detector; getSupportedFormats(): Promise<string[]> };
const FORMATS = ['ean_13', 'ean_8', 'code_128'];

/**
 * Decodes from the playing video until one code is read: the browser's BarcodeDetector where it reads EAN-13
 * (Android Chrome), else ZXing (iOS Safari, desktop browsers). Returns a stop function.
 */
export async function startDecoding(
  video: HTMLVideoElement,
  stream: MediaStream,
  onCode: (text: string, engine: string) => void,
  log: Log,
): Promise<() => void> {
  const Native = (window as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  const supported = Native ? await Native.getSupportedFormats().catch(() => [] as string[]) : [];
  if (Native && FORMATS.every((f) => supported.includes(f))) {
    log('Lector: BarcodeDetector del navegador');
    const detector = new Native({ formats: FORMATS });
    let stopped = false;
    const tick = async () => {
      if (stopped) return;
      try {
        const [hit] = video.readyState >= 2 ? await detector.detect(video) : [];
        if (hit && !stopped) {
          stopped = true;
          onCode(hit.rawValue, 'BarcodeDetector');
          return;
        }
      } catch (e) {
        log(`BarcodeDetector: ${(e as Error).message}`, 'warn');
      }
      setTimeout(() => void tick(), 80);
    };
    void tick();
    return () => {
      stopped = true;
    };
  }
  log('Lector: ZXing');
  // ZXing (≈80 kB compressed) loads only where the browser has no BarcodeDetector, when the camera starts: the
  // stock screen's first paint does not wait for it (docs/decisions/web-delivery.md).
  const [{ BrowserMultiFormatReader }, { BarcodeFormat, DecodeHintType: Hint }] = await Promise.all([import('@zxing/browser'), import('@zxing/library')]);
  const hints = new Map<DecodeHintType, unknown>([
    [Hint.POSSIBLE_FORMATS, [BarcodeFormat.EAN_13, BarcodeFormat.EAN_8, BarcodeFormat.CODE_128]],
    [Hint.TRY_HARDER, true],
  ]);
  const reader = new BrowserMultiFormatReader(hints, { delayBetweenScanAttempts: 60, delayBetweenScanSuccess: 500 });
  let controls: IScannerControls | null = null;
  let done = false;
  // The video already plays the stream: decoding from the element itself avoids re-attaching it (a reload of the video).
  controls = await reader.decodeFromVideoElement(video, (result, _err, c) => {
    if (result && !done) {
      done = true;
      c.stop();
      onCode(result.getText(), 'ZXing');
    }
  });
  return () => {
    done = true;
    controls?.stop();
  };
}
