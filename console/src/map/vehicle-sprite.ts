import { STATUS_COLOURS, STATUS_ORDER } from './vehicle-marker';

export const ICON_SIZE = 28;

let sprite: string | null = null;

/** One PNG with the ten status arrows side by side (the WebGL layer picks one by offset). */
export function vehicleSprite(): string {
  if (sprite) return sprite;
  const canvas = document.createElement('canvas');
  canvas.width = ICON_SIZE * STATUS_ORDER.length;
  canvas.height = ICON_SIZE;
  const context = canvas.getContext('2d');
  if (!context) return '';
  STATUS_ORDER.forEach((status, index) => {
    const cx = index * ICON_SIZE + ICON_SIZE / 2;
    const cy = ICON_SIZE / 2;
    context.beginPath();
    // An arrow pointing north; the layer rotates it to the heading.
    context.moveTo(cx, 2);
    context.lineTo(cx + 9, ICON_SIZE - 4);
    context.lineTo(cx, cy + 5);
    context.lineTo(cx - 9, ICON_SIZE - 4);
    context.closePath();
    context.fillStyle = STATUS_COLOURS[status];
    context.strokeStyle = '#ffffff';
    context.lineWidth = 2;
    context.fill();
    context.stroke();
  });
  sprite = canvas.toDataURL('image/png');
  return sprite;
}
