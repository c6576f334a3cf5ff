import { useCallback, useEffect, useRef, useState } from 'react';
import { WAREHOUSE, warehouseMsg } from '@portal/contract';
import type { useDebugLog } from './debug-log';
import { CameraError, hasTorch, openCamera, setTorch, startDecoding } from './scanner';

/** When the video must be playing after the camera opened (§4: checked at 1200–1500 ms). */
const VIDEO_CHECK_MS = 1300;

type Log = ReturnType<typeof useDebugLog>['log'];

/**
 * The stock screen's camera: opens it into the video, decodes until one code is read (then stops and hands the
 * code over), the torch, and stopping it when the page is left.
 */
export function useCamera({ log, onCode }: { log: Log; onCode: (text: string) => void }) {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const stopDecodeRef = useRef<(() => void) | null>(null);
  const checkRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  const firstFrameRef = useRef<number | null>(null);
  const [scanning, setScanning] = useState(false);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [torchAvailable, setTorchAvailable] = useState(false);
  const [torchOn, setTorchOn] = useState(false);

  const stop = useCallback(() => {
    if (checkRef.current) clearTimeout(checkRef.current);
    checkRef.current = null;
    stopDecodeRef.current?.();
    stopDecodeRef.current = null;
    streamRef.current?.getTracks().forEach((t) => t.stop());
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
    setScanning(false);
    setTorchOn(false);
    setTorchAvailable(false);
  }, []);

  /** Starts the camera and the decoder; answers the error text shown, or null when it runs. */
  const start = useCallback(async (): Promise<string | null> => {
    stop();
    setError(null);
    setStarting(true);
    firstFrameRef.current = null;
    try {
      const video = videoRef.current;
      if (!video) throw new CameraError(warehouseMsg.sinVideo);
      const stream = await openCamera(log);
      streamRef.current = stream;
      // iOS Safari plays an inline camera video only muted and with playsinline.
      video.muted = true;
      video.setAttribute('playsinline', 'true');
      video.srcObject = stream;
      const markFirstFrame = () => {
        if (firstFrameRef.current === null) {
          firstFrameRef.current = performance.now();
          log('Primer cuadro de video');
        }
      };
      video.addEventListener('loadeddata', markFirstFrame, { once: true });
      await video.play().catch((e: unknown) => log(`video.play(): ${(e as Error).message}`, 'warn'));
      setScanning(true);
      setTorchAvailable(hasTorch(stream));
      checkRef.current = setTimeout(() => {
        if (video.readyState < 2 || video.videoWidth === 0) {
          log('El video no arrancó a tiempo; se intenta reproducir de nuevo', 'warn');
          void video.play().catch(() => setError(warehouseMsg.camaraNoIniciada));
        } else {
          log(`Video en marcha: ${video.videoWidth}×${video.videoHeight}`);
        }
      }, VIDEO_CHECK_MS);
      stopDecodeRef.current = await startDecoding(
        video,
        stream,
        (text, engine) => {
          const ms = firstFrameRef.current === null ? null : Math.round(performance.now() - firstFrameRef.current);
          log(`Código leído: ${text} (${engine}${ms === null ? '' : `, ${ms} ms desde el primer cuadro`})`);
          navigator.vibrate?.(WAREHOUSE.vibrateMs);
          stop();
          onCode(text);
        },
        log,
      );
      return null;
    } catch (e) {
      const text = e instanceof CameraError ? e.message : warehouseMsg.camaraNoIniciada;
      setError(text);
      log(`Cámara: ${text}${e instanceof CameraError ? '' : ` (${(e as Error)?.message ?? String(e)})`}`, 'error');
      stop();
      return text;
    } finally {
      setStarting(false);
    }
  }, [log, onCode, stop]);

  const toggleTorch = useCallback(async () => {
    try {
      await setTorch(streamRef.current, !torchOn);
      setTorchOn(!torchOn);
      log(`Linterna ${!torchOn ? 'encendida' : 'apagada'}`);
    } catch (e) {
      log(`Linterna: ${(e as Error).message}`, 'warn');
    }
  }, [log, torchOn]);

  // Stop the camera when leaving the page.
  useEffect(() => stop, [stop]);

  return { videoRef, scanning, starting, error, torchAvailable, torchOn, start, stop, toggleTorch };
}

export type Camera = ReturnType<typeof useCamera>;
