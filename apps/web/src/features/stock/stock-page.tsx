import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Collapse, Descriptions, Input, Select, Spin, Typography } from 'antd';
import { BulbFilled, BulbOutlined, CameraOutlined, ReloadOutlined, SearchOutlined, StopOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { WAREHOUSE, warehouseMsg, type StockProduct } from '@portal/contract';
import { errorMessage } from '../../lib/api';
import { useNotify } from '../../lib/notify';
import { useRemoteSearch } from '../../lib/use-remote-search';
import { confirmarStock, consultarStock, modificarStock, StockCallError } from './api/stock';
import { useDebugLog } from './debug-log';
import { CameraError, hasTorch, openCamera, setTorch, startDecoding } from './scanner';
import './stock.css';

const HINT_KEY = 'stock.cameraHintShown';
const ANDROID_HINT = 'Sugerencia: si la cámara no enfoca el código, alejá un poco el teléfono y tocá Refrescar. Con poca luz, encendé la linterna.';
/** When the video must be playing after the camera opened (§4: checked at 1200–1500 ms). */
const VIDEO_CHECK_MS = 1300;

/**
 * /{profile}/stock — look a product up (search, camera scan or a typed barcode), count it (0–100) and confirm.
 * Confirming sends modificarStock when the count differs from the stock on record, then confirmarStock.
 */
export function StockPage() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { entries, log, clear } = useDebugLog();
  const [deposit, setDeposit] = useState<string | null>(null);
  const [product, setProduct] = useState<StockProduct | null>(null);
  // The count as typed: whole units only ('7,5' is refused, never read as 75).
  const [qtyText, setQtyText] = useState('');
  const cantidad = /^\d{1,6}$/.test(qtyText.trim()) ? Number(qtyText.trim()) : null;
  const qtyProblem = qtyText.trim() !== '' && cantidad === null ? warehouseMsg.cantidadEntera : null;
  // The count takes 0 to 100 (field-warehouse.md §5, §9): a whole number outside is brought to the nearer end on leaving the field.
  const clampQty = () => {
    const t = qtyText.trim();
    if (/^-?\d{1,9}$/.test(t)) setQtyText(String(Math.min(WAREHOUSE.stockMax, Math.max(WAREHOUSE.stockMin, Number(t)))));
  };
  const productRef = useRef<HTMLDivElement | null>(null);
  const [manual, setManual] = useState('');
  const [lookupError, setLookupError] = useState<string | null>(null);
  const [looking, setLooking] = useState(false);
  const [saving, setSaving] = useState(false);
  const [hint, setHint] = useState(false);

  // Camera
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const stopDecodeRef = useRef<(() => void) | null>(null);
  const checkRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  const firstFrameRef = useRef<number | null>(null);
  const [scanning, setScanning] = useState(false);
  const [starting, setStarting] = useState(false);
  const [cameraError, setCameraError] = useState<string | null>(null);
  const [torchAvailable, setTorchAvailable] = useState(false);
  const [torchOn, setTorchOn] = useState(false);

  const choose = useCallback(
    (p: StockProduct, depositName?: string) => {
      setProduct(p);
      setQtyText(String(p.salcan ?? 0));
      setLookupError(null);
      if (depositName) setDeposit(depositName);
      log(`Producto ${p.codalfa} (${p.desart}), stock ${p.salcan}`);
    },
    [log],
  );

  const search = useRemoteSearch<StockProduct>({
    fetcher: async (descri, signal) => {
      const r = await consultarStock({ descri }, signal);
      setDeposit(r.deposito.nombre);
      log(`Búsqueda "${descri}": ${r.items.length} productos`);
      return r.items;
    },
    min: WAREHOUSE.searchMin,
    debounceMs: WAREHOUSE.searchDebounceMs,
    onError: (e) => {
      log(`consultarStock: ${errorMessage(e, '')}`, 'error');
      notify.error(warehouseMsg.errorBuscarProductos, errorMessage(e, ''));
    },
    log,
  });

  const lookupBarcode = useCallback(
    async (raw: string) => {
      const barcode = raw.trim().toUpperCase();
      if (!barcode) return;
      setManual(barcode);
      setLooking(true);
      log(`Buscando código ${barcode}`);
      try {
        const r = await consultarStock({ barcode });
        setDeposit(r.deposito.nombre);
        const [hit] = r.items;
        if (!hit) {
          setProduct(null);
          setLookupError(warehouseMsg.productoNoEncontradoCodigo);
          log(`${barcode}: ${warehouseMsg.productoNoEncontradoCodigo}`, 'warn');
          return;
        }
        choose(hit, r.deposito.nombre);
      } catch (e) {
        setLookupError(errorMessage(e, warehouseMsg.productoNoEncontradoCodigo));
        log(`consultarStock(${barcode}): ${errorMessage(e, '')}`, 'error');
      } finally {
        setLooking(false);
      }
    },
    [choose, log],
  );

  const stopCamera = useCallback(() => {
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
  const startCamera = useCallback(async (): Promise<string | null> => {
    stopCamera();
    setCameraError(null);
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
          void video.play().catch(() => setCameraError(warehouseMsg.camaraNoIniciada));
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
          stopCamera();
          void lookupBarcode(text);
        },
        log,
      );
      return null;
    } catch (e) {
      const text = e instanceof CameraError ? e.message : warehouseMsg.camaraNoIniciada;
      setCameraError(text);
      log(`Cámara: ${text}${e instanceof CameraError ? '' : ` (${(e as Error)?.message ?? String(e)})`}`, 'error');
      stopCamera();
      return text;
    } finally {
      setStarting(false);
    }
  }, [log, lookupBarcode, stopCamera]);

  async function refreshCamera() {
    log('Refrescar cámara');
    const failed = await startCamera();
    if (failed) notify.error(warehouseMsg.noSePudoReiniciarCamara, failed);
  }

  async function toggleTorch() {
    try {
      await setTorch(streamRef.current, !torchOn);
      setTorchOn(!torchOn);
      log(`Linterna ${!torchOn ? 'encendida' : 'apagada'}`);
    } catch (e) {
      log(`Linterna: ${(e as Error).message}`, 'warn');
    }
  }

  // Stop the camera when leaving the page.
  useEffect(() => stopCamera, [stopCamera]);

  // The Android hint: once per browser session, 2200 ms after the page opens.
  useEffect(() => {
    if (!/Android/i.test(navigator.userAgent) || sessionStorage.getItem(HINT_KEY)) return;
    const t = setTimeout(() => {
      sessionStorage.setItem(HINT_KEY, '1');
      setHint(true);
      log('Sugerencia de cámara mostrada');
    }, WAREHOUSE.androidHintDelayMs);
    return () => clearTimeout(t);
  }, [log]);

  // A product read or chosen: its card (and Confirmar) comes into view, above the phone's bottom edge.
  useEffect(() => {
    if (product) productRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [product]);

  function reset() {
    setProduct(null);
    setQtyText('');
    setManual('');
    setLookupError(null);
    search.reset();
  }

  async function handleConfirm() {
    if (!product) {
      notify.error(warehouseMsg.noHayProducto);
      return;
    }
    if (cantidad === null || !Number.isFinite(cantidad) || cantidad < WAREHOUSE.stockMin || cantidad > WAREHOUSE.stockMax) {
      notify.error(warehouseMsg.cantidadInvalida);
      return;
    }
    setSaving(true);
    try {
      if (cantidad !== product.salcan) {
        const adjusted = await modificarStock(product.codalfa, cantidad);
        log(`modificarStock ${product.codalfa}: ${adjusted.movimiento ? `${adjusted.movimiento.anterior} → ${adjusted.movimiento.nueva}` : 'sin cambios'}`);
      }
      const confirmed = await confirmarStock(product.codalfa);
      log(`confirmarStock ${product.codalfa}: ${confirmed.producto.salcan}`);
      notify.success(confirmed.msg, `${confirmed.producto.desart}: ${confirmed.producto.salcan} en ${confirmed.deposito.nombre}`);
      void queryClient.invalidateQueries({ queryKey: ['catalog'] });
      reset();
    } catch (e) {
      const detail = e instanceof StockCallError ? `${e.serverMessage} (HTTP ${e.status})` : errorMessage(e, '');
      log(`Guardar: ${e instanceof Error ? e.message : String(e)}`, 'error');
      notify.error(warehouseMsg.noSePudoGuardar, detail);
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="page stock-page">
      <div className="page-heading">
        <Typography.Title level={3} className="page-title">
          Stock
        </Typography.Title>
        {deposit && <Typography.Text type="secondary" data-testid="stock-deposit">Depósito: {deposit}</Typography.Text>}
      </div>

      {hint && <Alert type="info" showIcon closable onClose={() => setHint(false)} className="stock-block" title={ANDROID_HINT} data-testid="camera-hint" />}

      <Card size="small" className="stock-block" title="Buscar producto">
        <Select<number>
          showSearch={{ filterOption: false, searchValue: search.text, onSearch: search.setText }}
          size="large"
          aria-label="Buscar producto"
          placeholder="Nombre o código (al menos 3 letras)"
          value={product && search.results.some((r) => r.id === product.id) ? product.id : undefined}
          className="stock-search"
          onChange={(id) => {
            const p = search.results.find((r) => r.id === id);
            if (p) choose(p);
          }}
          options={search.results.map((p) => ({ value: p.id, label: `${p.desart} · ${p.codalfa}` }))}
          notFoundContent={search.loading ? <Spin size="small" /> : search.tooShort || !search.text.trim() ? warehouseMsg.minimoTresLetras : 'Sin resultados'}
        />
        <div className="stock-manual">
          <Input
            size="large"
            aria-label="Código de barras"
            placeholder="Código de barras"
            value={manual}
            onChange={(e) => setManual(e.target.value)}
            onPressEnter={() => void lookupBarcode(manual)}
            inputMode="text"
            autoCapitalize="characters"
          />
          <Button size="large" icon={<SearchOutlined aria-hidden />} loading={looking} onClick={() => void lookupBarcode(manual)}>
            Buscar
          </Button>
        </div>
        {lookupError && <Alert type="warning" showIcon className="stock-lookup-error" title={lookupError} />}
      </Card>

      <Card size="small" className="stock-block" title="Escanear">
        <div className={`stock-camera ${scanning ? 'is-on' : ''}`}>
          <video ref={videoRef} className="stock-video" muted playsInline autoPlay aria-label="Vista de la cámara" data-testid="stock-video" />
          {!scanning && !starting && <div className="stock-camera-idle">La cámara está apagada</div>}
          {starting && <Spin className="stock-camera-idle" />}
        </div>
        {cameraError && <Alert type="error" showIcon className="stock-lookup-error" title={cameraError} data-testid="camera-error" />}
        <div className="stock-camera-controls">
          {!scanning ? (
            <Button size="large" type="primary" icon={<CameraOutlined aria-hidden />} loading={starting} onClick={() => void startCamera()}>
              Escanear
            </Button>
          ) : (
            <Button size="large" icon={<StopOutlined aria-hidden />} onClick={() => { stopCamera(); log('Cámara detenida'); }}>
              Detener
            </Button>
          )}
          <Button
            size="large"
            icon={torchOn ? <BulbFilled aria-hidden /> : <BulbOutlined aria-hidden />}
            disabled={!scanning || !torchAvailable}
            aria-pressed={torchOn}
            onClick={() => void toggleTorch()}
            title={torchAvailable ? undefined : 'Esta cámara no tiene linterna'}
          >
            Linterna
          </Button>
          <Button size="large" icon={<ReloadOutlined aria-hidden />} onClick={() => void refreshCamera()} disabled={starting}>
            Refrescar
          </Button>
        </div>
      </Card>

      {product && (
        <Card ref={productRef} size="small" className="stock-block stock-product" title={product.desart} data-testid="stock-product">
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'codalfa', label: 'Código', children: product.codalfa },
              { key: 'alfacor', label: 'Código corto', children: product.alfacor },
              { key: 'barcode', label: 'Código de barras', children: product.barcode || '—' },
              { key: 'pres', label: 'Presentación', children: product.presentacion },
              { key: 'ubi', label: 'Ubicación', children: product.ubicacion || '—' },
              { key: 'salcan', label: 'Stock actual', children: <span data-testid="stock-current">{product.salcan}</span> },
              ...(product.contado ? [{ key: 'contado', label: 'Último conteo', children: product.contado }] : []),
            ]}
          />
          <label className="stock-qty">
            <span>Cantidad</span>
            <Input
              size="large"
              aria-label="Cantidad contada"
              inputMode="numeric"
              value={qtyText}
              status={qtyProblem ? 'error' : undefined}
              onChange={(e) => setQtyText(e.target.value)}
              onBlur={clampQty}
            />
            {qtyProblem ? <Typography.Text type="danger" role="alert">{qtyProblem}</Typography.Text> : null}
          </label>
          <div className="stock-actions">
            <Button size="large" onClick={reset}>
              Volver
            </Button>
            <Button size="large" type="primary" disabled={cantidad === null} loading={saving} onClick={() => void handleConfirm()}>
              Confirmar
            </Button>
          </div>
        </Card>
      )}

      <Collapse
        className="stock-block"
        size="small"
        items={[
          {
            key: 'console',
            label: `Consola (${entries.length})`,
            // 'Limpiar' inside the panel, not in its header: the header is a button, which may not hold another.
            children: (
              <>
                <Button size="small" type="link" className="stock-console-clear" onClick={clear}>
                  Limpiar
                </Button>
                <ol className="stock-console" data-testid="stock-console">
                  {entries.map((e) => (
                    <li key={e.id} className={`is-${e.level}`}>
                      <time>{e.at}</time> {e.text}
                    </li>
                  ))}
                </ol>
              </>
            ),
          },
        ]}
      />
    </div>
  );
}
