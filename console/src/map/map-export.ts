import type OlMap from 'ol/Map';
import { boundingExtent } from 'ol/extent';
import DragZoom from 'ol/interaction/DragZoom';
import { always } from 'ol/events/condition';
import { wgsToView } from './coordinate-boundary';

/**
 * Draws every layer canvas of the map into one canvas (the ol export-map recipe). Tiles are loaded
 * with crossOrigin so the result is not tainted; with no tiles it is the vector layers on white.
 */
export function composeMapCanvas(map: OlMap): Promise<HTMLCanvasElement> {
  return new Promise((resolve) => {
    map.once('rendercomplete', () => {
      const size = map.getSize() ?? [0, 0];
      const output = document.createElement('canvas');
      output.width = size[0];
      output.height = size[1];
      const context = output.getContext('2d')!;
      context.fillStyle = '#eef0f2';
      context.fillRect(0, 0, output.width, output.height);
      map.getViewport()!.querySelectorAll<HTMLCanvasElement>('.ol-layer canvas, canvas.ol-layer').forEach((canvas) => {
        if (canvas.width === 0) return;
        const opacity = (canvas.parentElement as HTMLElement | null)?.style.opacity || canvas.style.opacity;
        context.globalAlpha = opacity === '' ? 1 : Number(opacity);
        const matrix = canvas.style.transform.match(/^matrix\(([^(]*)\)$/)?.[1].split(',').map(Number);
        if (matrix && matrix.length === 6) context.setTransform(matrix[0]!, matrix[1]!, matrix[2]!, matrix[3]!, matrix[4]!, matrix[5]!);
        else context.setTransform(1, 0, 0, 1, 0, 0);
        context.drawImage(canvas, 0, 0);
      });
      context.globalAlpha = 1;
      context.setTransform(1, 0, 0, 1, 0, 0);
      resolve(output);
    });
    map.renderSync();
  });
}

/** Saves the current map as a PNG file. */
export async function downloadMapPng(map: OlMap, fileName = 'map.png'): Promise<void> {
  const canvas = await composeMapCanvas(map);
  const link = document.createElement('a');
  link.download = fileName;
  link.href = canvas.toDataURL('image/png');
  link.click();
}

/** Prints the map alone: its picture in a hidden frame, so the console chrome stays off the page. */
export async function printMap(map: OlMap): Promise<void> {
  const canvas = await composeMapCanvas(map);
  const frame = document.createElement('iframe');
  frame.style.cssText = 'position:fixed;width:0;height:0;border:0;right:0;bottom:0';
  document.body.appendChild(frame);
  const doc = frame.contentDocument!;
  doc.open();
  doc.write(`<img src="${canvas.toDataURL('image/png')}" style="max-width:100%">`);
  doc.close();
  frame.contentWindow?.addEventListener('afterprint', () => frame.remove());
  setTimeout(() => frame.contentWindow?.print(), 100);
}

/** One drag draws a box and zooms to it (the zoom-area tool); the interaction removes itself. */
export function zoomToBoxOnce(map: OlMap): void {
  const interaction = new DragZoom({ condition: always });
  interaction.on('boxend' as never, () => setTimeout(() => map.removeInteraction(interaction), 0));
  map.addInteraction(interaction);
}

/** Fits the view to WGS-84 positions (the selected vehicles); one position centres at street zoom. */
export function fitToPositions(map: OlMap, mapType: number, positions: readonly (readonly [number, number])[]): boolean {
  const points = positions.filter(([lng, lat]) => Number.isFinite(lng) && Number.isFinite(lat) && (lng !== 0 || lat !== 0));
  if (!points.length) return false;
  const extent = boundingExtent(points.map(([lng, lat]) => wgsToView(lng, lat, mapType)));
  map.getView().fit(extent, { padding: [60, 60, 60, 60], maxZoom: 16, duration: 300 });
  return true;
}
