// jsdom lacks the encoders react-router needs at import time; Node's are the same API.
const { TextDecoder, TextEncoder } = require('node:util');

Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom logs "not implemented" for scrolling; the guard scrolls to top on every navigation.
if (typeof window !== 'undefined') window.scrollTo = () => undefined;
