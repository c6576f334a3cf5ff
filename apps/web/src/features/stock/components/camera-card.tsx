import { Alert, Button, Card, Spin } from 'antd';
import { BulbFilled, BulbOutlined, CameraOutlined, ReloadOutlined, StopOutlined } from '@ant-design/icons';
import type { Camera } from '../use-camera';

type CameraCardProps = { camera: Camera; onStop: () => void; onRefresh: () => void };

/** 'Escanear': the camera's video and its buttons (start or stop, torch, refresh). */
export function CameraCard({ camera, onStop, onRefresh }: CameraCardProps) {
  const { videoRef, scanning, starting, error, torchAvailable, torchOn } = camera;
  return (
    <Card size="small" className="stock-block" title="Escanear">
      <div className={`stock-camera ${scanning ? 'is-on' : ''}`}>
        <video ref={videoRef} className="stock-video" muted playsInline autoPlay aria-label="Vista de la cámara" data-testid="stock-video" />
        {!scanning && !starting && <div className="stock-camera-idle">La cámara está apagada</div>}
        {starting && <Spin className="stock-camera-idle" />}
      </div>
      {error && <Alert type="error" showIcon className="stock-lookup-error" title={error} data-testid="camera-error" />}
      <div className="stock-camera-controls">
        {!scanning ? (
          <Button size="large" type="primary" icon={<CameraOutlined aria-hidden />} loading={starting} onClick={() => void camera.start()}>
            Escanear
          </Button>
        ) : (
          <Button size="large" icon={<StopOutlined aria-hidden />} onClick={onStop}>
            Detener
          </Button>
        )}
        <Button
          size="large"
          icon={torchOn ? <BulbFilled aria-hidden /> : <BulbOutlined aria-hidden />}
          disabled={!scanning || !torchAvailable}
          aria-pressed={torchOn}
          onClick={() => void camera.toggleTorch()}
          title={torchAvailable ? undefined : 'Esta cámara no tiene linterna'}
        >
          Linterna
        </Button>
        <Button size="large" icon={<ReloadOutlined aria-hidden />} onClick={onRefresh} disabled={starting}>
          Refrescar
        </Button>
      </div>
    </Card>
  );
}
