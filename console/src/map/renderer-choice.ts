/**
 * Which renderer draws the vehicles. WebGL draws ten thousand icons in one call on a real GPU; on a
 * software rasteriser (SwiftShader, as in headless Chromium without a GPU, or a VM desktop) each
 * WebGL frame is read back to the CPU and panning drops to a few frames per second, while ol's
 * canvas renderer with cached icon styles keeps 60 fps there. `?vehicleRenderer=` overrides.
 */
export type VehicleRenderer = 'webgl' | 'canvas';

let chosen: VehicleRenderer | null = null;

export function vehicleRenderer(): VehicleRenderer {
  if (chosen) return chosen;
  const forced = new URLSearchParams(globalThis.location?.search ?? '').get('vehicleRenderer');
  if (forced === 'webgl' || forced === 'canvas') return (chosen = forced);
  chosen = 'canvas';
  try {
    const gl = document.createElement('canvas').getContext('webgl');
    const info = gl?.getExtension('WEBGL_debug_renderer_info');
    const renderer = gl && info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : '';
    if (gl && !/swiftshader|llvmpipe|software/i.test(renderer)) chosen = 'webgl';
    gl?.getExtension('WEBGL_lose_context')?.loseContext();
  } catch {
    chosen = 'canvas';
  }
  return chosen;
}
