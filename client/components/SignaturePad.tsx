import { Button } from 'antd';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useT } from '../app/i18n.js';

/** Exported drawings are scaled to this width: a few kilobytes of PNG, sharp enough on an A4 page. */
const EXPORT_WIDTH = 480;

/**
 * A signature drawn with a finger, pen or mouse (pointer events; the page does not scroll while drawing). `onChange`
 * gets the drawing as a PNG data URL, or null when cleared. The keyboard-only way to sign is beside it (typed name).
 */
export function SignaturePad({ onChange, label }: { onChange(dataUrl: string | null): void; label: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [empty, setEmpty] = useState(true);
  const t = useT();

  // The canvas backs its CSS size at the device's pixel ratio, so strokes stay crisp on phones.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const ratio = window.devicePixelRatio || 1;
    const rect = canvas.getBoundingClientRect();
    canvas.width = Math.max(1, Math.round(rect.width * ratio));
    canvas.height = Math.max(1, Math.round(rect.height * ratio));
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.scale(ratio, ratio);
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.lineWidth = 2.4;
    ctx.strokeStyle = '#10211e';
  }, []);

  const point = (e: PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  };

  const exportPng = () => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const out = document.createElement('canvas');
    out.width = EXPORT_WIDTH;
    out.height = Math.round((canvas.height / canvas.width) * EXPORT_WIDTH);
    out.getContext('2d')?.drawImage(canvas, 0, 0, out.width, out.height);
    onChange(out.toDataURL('image/png'));
  };

  const down = (e: PointerEvent<HTMLCanvasElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drawing.current = true;
    last.current = point(e);
    const ctx = e.currentTarget.getContext('2d');
    if (ctx && last.current) {
      ctx.beginPath();
      ctx.arc(last.current.x, last.current.y, 1.2, 0, Math.PI * 2);
      ctx.fillStyle = '#10211e';
      ctx.fill();
    }
  };
  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current || !last.current) return;
    const ctx = e.currentTarget.getContext('2d');
    const p = point(e);
    if (ctx) {
      ctx.beginPath();
      ctx.moveTo(last.current.x, last.current.y);
      ctx.lineTo(p.x, p.y);
      ctx.stroke();
    }
    last.current = p;
  };
  const up = () => {
    if (!drawing.current) return;
    drawing.current = false;
    last.current = null;
    setEmpty(false);
    exportPng();
  };
  const clear = () => {
    const canvas = canvasRef.current;
    canvas?.getContext('2d')?.clearRect(0, 0, canvas.width, canvas.height);
    setEmpty(true);
    onChange(null);
  };

  return (
    <div className="signature-pad">
      <canvas
        ref={canvasRef}
        className="signature-pad-canvas"
        role="img"
        aria-label={empty ? t('cust.pad.empty', { label }) : t('cust.pad.signed', { label })}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
        onPointerLeave={up}
      />
      <div className="signature-pad-foot">
        <span className="signature-pad-hint">{empty ? t('cust.pad.hintEmpty') : t('cust.pad.hintSigned')}</span>
        <Button size="small" onClick={clear} disabled={empty}>
          {t('cust.pad.clear')}
        </Button>
      </div>
    </div>
  );
}
