import { StreamType } from '@openfleet/contracts/video';
import { act, render } from '@testing-library/react';
import { useRef, useState } from 'react';
import { useFullScreenStream } from './useFullScreenStream';

let fullScreen: Element | null = null;
Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => fullScreen });

const switches: number[] = [];

/** A tile's stream type, switched as the hook asks (the terminal always agrees here). */
function Tile({ initial }: { readonly initial: number }) {
  const tile = useRef<HTMLDivElement>(null);
  const [type, setType] = useState(initial);
  useFullScreenStream(tile, type, async (next) => {
    switches.push(next);
    setType(next);
    return true;
  });
  return <div ref={tile} data-testid="tile" data-type={type} />;
}

const toggle = (element: Element | null) =>
  act(() => {
    fullScreen = element;
    document.dispatchEvent(new Event('fullscreenchange'));
  });

beforeEach(() => {
  switches.length = 0;
  fullScreen = null;
});

describe('full screen on the main stream', () => {
  it('switches a sub-stream tile to the main stream in full screen and back when it leaves', () => {
    const { getByTestId } = render(<Tile initial={StreamType.SUB} />);
    toggle(getByTestId('tile'));
    expect(switches).toEqual([StreamType.MAIN]);
    toggle(null);
    expect(switches).toEqual([StreamType.MAIN, StreamType.SUB]);
  });

  it("leaves an operator's own main stream alone", () => {
    const { getByTestId } = render(<Tile initial={StreamType.MAIN} />);
    toggle(getByTestId('tile'));
    toggle(null);
    expect(switches).toEqual([]);
  });

  it("ignores another element's full screen", () => {
    render(<Tile initial={StreamType.SUB} />);
    toggle(document.body);
    toggle(null);
    expect(switches).toEqual([]);
  });
});
