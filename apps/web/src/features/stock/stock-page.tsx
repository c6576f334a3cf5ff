import { Alert, Typography } from 'antd';
import { warehouseMsg } from '@portal/contract';
import { useNotify } from '../../lib/notify';
import { CameraCard } from './components/camera-card';
import { DebugConsole } from './components/debug-console';
import { ProductCountCard } from './components/product-count-card';
import { ProductSearchCard } from './components/product-search-card';
import { useDebugLog } from './debug-log';
import { useAndroidHint } from './use-android-hint';
import { useCamera } from './use-camera';
import { useStockCount } from './use-stock-count';
import './stock.css';

const ANDROID_HINT = 'Sugerencia: si la cámara no enfoca el código, alejá un poco el teléfono y tocá Refrescar. Con poca luz, encendé la linterna.';

/**
 * /{profile}/stock — look a product up (search, camera scan or a typed barcode), count it (0–100) and confirm.
 * Confirming sends modificarStock when the count differs from the stock on record, then confirmarStock.
 */
export function StockPage() {
  const notify = useNotify();
  const { entries, log, clear } = useDebugLog();
  const count = useStockCount(log);
  const camera = useCamera({ log, onCode: count.lookupBarcode });
  const hint = useAndroidHint(log);

  function handleStop() {
    camera.stop();
    log('Cámara detenida');
  }

  async function handleRefresh() {
    log('Refrescar cámara');
    const failed = await camera.start();
    if (failed) notify.error(warehouseMsg.noSePudoReiniciarCamara, failed);
  }

  return (
    <div className="page stock-page">
      <div className="page-heading">
        <Typography.Title level={3} className="page-title">
          Stock
        </Typography.Title>
        {count.deposit && <Typography.Text type="secondary" data-testid="stock-deposit">Depósito: {count.deposit}</Typography.Text>}
      </div>

      {hint.shown && <Alert type="info" showIcon closable onClose={hint.hide} className="stock-block" title={ANDROID_HINT} data-testid="camera-hint" />}

      <ProductSearchCard count={count} />
      <CameraCard camera={camera} onStop={handleStop} onRefresh={() => void handleRefresh()} />
      {count.product && <ProductCountCard product={count.product} count={count} />}
      <DebugConsole entries={entries} onClear={clear} />
    </div>
  );
}
