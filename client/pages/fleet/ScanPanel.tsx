import { CameraOutlined, PictureOutlined, SearchOutlined, StopOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, List } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { scanCode, type UnitSummary } from '../../api/counter.js';
import { useApi } from '../../api/api-context.js';
import { useT } from '../../app/i18n.js';
import { decorativeIcon } from '../../components/decorative-icon.js';
import { decodeQr, decodeQrFile } from '../../lib/qr-decode.js';

/**
 * 'Scan a bike': the camera (BarcodeDetector where the browser has it, else jsQR on the video's frames), a photo of
 * a label (the same decoder), or the label typed; opens the unit.
 */
export function ScanPanel({ onUnit }: { onUnit(id: string): void }) {
  const t = useT();
  const api = useApi();
  const ids = { code: useId(), file: useId() };
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [choices, setChoices] = useState<UnitSummary[]>([]);
  const [busy, setBusy] = useState(false);
  const [scanning, setScanning] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const stream = useRef<MediaStream | null>(null);

  const stop = () => {
    stream.current?.getTracks().forEach((t) => t.stop());
    stream.current = null;
    setScanning(false);
  };
  useEffect(() => stop, []);

  const lookUp = async (text: string) => {
    const value = text.trim();
    if (!value) return setProblem(t('fleet.scan.typeOrScan'));
    setBusy(true);
    setProblem(null);
    try {
      const units = await scanCode(api, value);
      if (units.length === 1) onUnit(units[0]._id);
      else if (units.length === 0) setProblem(t('fleet.scan.noUnit', { label: value }));
      else setChoices(units);
    } catch (e) {
      setProblem(e instanceof Error ? e.message : t('fleet.scan.lookupFailed'));
    } finally {
      setBusy(false);
    }
  };

  const startCamera = async () => {
    setProblem(null);
    if (!navigator.mediaDevices?.getUserMedia) return setProblem(t('fleet.scan.noCamera'));
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
    } catch {
      return setProblem(t('fleet.scan.cameraFailed'));
    }
    setScanning(true);
    const el = video.current!;
    el.srcObject = stream.current;
    await el.play().catch(() => undefined);
    const tick = async () => {
      if (!stream.current) return;
      const text = el.readyState >= 2 ? await decodeQr(el, canvas.current!) : null;
      if (text) {
        stop();
        void lookUp(text);
        return;
      }
      requestAnimationFrame(() => void tick());
    };
    void tick();
  };

  const fromPhoto = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    const text = await decodeQrFile(file, canvas.current!).catch(() => null);
    if (text) void lookUp(text);
    else setProblem(t('fleet.scan.noQr'));
  };

  return (
    <Card title={t('fleet.scanBike')} className="counter-scan">
      <div className="scan-video" hidden={!scanning}>
        <video ref={video} muted playsInline aria-label={t('fleet.scan.cameraView')} />
      </div>
      <canvas ref={canvas} hidden />
      <div className="scan-actions">
        {scanning ? (
          <Button size="large" icon={<StopOutlined {...decorativeIcon} />} onClick={stop}>
            {t('fleet.scan.stop')}
          </Button>
        ) : (
          <Button type="primary" size="large" icon={<CameraOutlined {...decorativeIcon} />} onClick={() => void startCamera()}>
            {t('fleet.scan.start')}
          </Button>
        )}
        <label className="ant-btn ant-btn-default ant-btn-lg scan-photo" htmlFor={ids.file}>
          <PictureOutlined {...decorativeIcon} /> {t('fleet.scan.photo')}
        </label>
        <input id={ids.file} className="visually-hidden" type="file" accept="image/*" data-testid="qr-photo" onChange={(e) => void fromPhoto(e.target.files?.[0])} />
      </div>
      <Form layout="vertical" onFinish={() => void lookUp(code)} className="scan-type">
        <Form.Item label={t('fleet.scan.typeLabel')} htmlFor={ids.code}>
          <Input.Search
            id={ids.code}
            size="large"
            placeholder={t('fleet.scan.placeholder')}
            value={code}
            autoComplete="off"
            onChange={(e) => setCode(e.target.value)}
            onSearch={(v) => void lookUp(v)}
            enterButton={<Button icon={<SearchOutlined {...decorativeIcon} />} loading={busy} aria-label={t('fleet.scan.openUnit')}>{t('fleet.open')}</Button>}
          />
        </Form.Item>
      </Form>
      {problem ? <Alert type="warning" showIcon role="alert" title={problem} /> : null}
      {choices.length > 1 ? (
        <List
          header={t('fleet.scan.several')}
          dataSource={choices}
          renderItem={(u) => (
            <List.Item actions={[<Button key="open" onClick={() => onUnit(u._id)}>{t('fleet.open')}</Button>]}>
              {u.label} · {u.bikeName}
            </List.Item>
          )}
        />
      ) : null}
    </Card>
  );
}
