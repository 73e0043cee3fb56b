// A simulated terminal's talk-back (0x9101 data type 2) and broadcast (type 4) link: one TCP
// connection to the platform's media server. Like a terminal's microphone it sends an audio frame
// every 40 ms (G.711A silence until it has heard something), and it echoes what the platform says:
// each audio frame that comes down the link goes back up as the terminal's own audio, in the format
// it came in. So a tone spoken into the console comes back to it (the talk-back e2e and tests).
const net = require('node:net');
const { DataType, Jt1078Deframer, Jt1078FrameAssembler, PayloadType, audioFramePackets, packetLink, simDigits } = require('@openfleet/jt1078');

const FRAME_MS = 40;
const FRAME_BYTES = 320;
const ALAW_SILENCE = 0xd5;
/** Echo waiting to go up at most this many frames (2 s): more is dropped, as a speaker would overflow. */
const MAX_ECHO_FRAMES = 50;

/**
 * Opens the link and starts the 40 ms audio clock. Options: host, port, sim, simBytes (6|10),
 * channel, dataType (2 talk, 4 broadcast), echo (true), onPacket(packet) for each packet the
 * platform sends down, onClose(reason).
 */
function startTalkLink(options) {
  const { host, port, channel, dataType = 2, echo = true, onPacket, onClose } = options;
  const simBytes = options.simBytes ?? (String(options.sim).length > 12 ? 10 : 6);
  const link = packetLink({ sim: simDigits(options.sim, simBytes), simBytes, channel });
  const deframer = new Jt1078Deframer(simBytes);
  const assembler = new Jt1078FrameAssembler(0, 0);
  const queue = [];
  const counters = { packetsIn: 0, framesIn: 0, framesEchoed: 0, framesOut: 0, bytesOut: 0 };
  const state = { closed: false, payloadType: PayloadType.G711A };
  let timer;

  const socket = net.connect({ host, port });
  socket.setNoDelay(true);
  socket.on('connect', () => {
    sendFrame();
    timer = setInterval(sendFrame, FRAME_MS);
  });
  socket.on('data', (chunk) => {
    for (const packet of deframer.push(chunk)) {
      counters.packetsIn++;
      onPacket?.(packet);
      for (const frame of assembler.push(packet)) {
        if (frame.dataType !== DataType.AUDIO) continue;
        counters.framesIn++;
        state.payloadType = frame.payloadType;
        if (echo && queue.length < MAX_ECHO_FRAMES) queue.push({ payloadType: frame.payloadType, data: Buffer.from(frame.data) });
      }
    }
  });
  socket.on('error', () => {}); // 'close' follows and reports it
  socket.on('close', () => finish('closed by the server'));

  /** The terminal's microphone: the next echoed frame, or silence. */
  function sendFrame() {
    if (state.closed) return;
    const next = queue.shift();
    if (next) counters.framesEchoed++;
    const payloadType = next?.payloadType ?? PayloadType.G711A;
    const data = next?.data ?? Buffer.alloc(FRAME_BYTES, ALAW_SILENCE);
    for (const packet of audioFramePackets(link, data, payloadType, Date.now())) {
      socket.write(packet);
      counters.bytesOut += packet.length;
    }
    counters.framesOut++;
  }

  function finish(reason) {
    if (state.closed) return;
    state.closed = true;
    clearInterval(timer);
    onClose?.(reason);
  }

  return {
    counters,
    dataType,
    get closed() {
      return state.closed;
    },
    close() {
      if (state.closed) return;
      socket.destroy();
      finish('closed by the terminal');
    },
  };
}

/** 0x9101 data types that open a talk link rather than a camera stream. */
const TALK_DATA_TYPES = new Set([2, 4]);

module.exports = { startTalkLink, TALK_DATA_TYPES };
