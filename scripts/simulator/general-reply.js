// The terminal's general reply (0x0001) to a platform message, shared by the command answerers.

/** 0x0001 answering `msg`: result 0 success, 1 failure, 2 message error, 3 not supported. */
function generalReply(msg, result = 0) {
  return [{ msgId: 0x0001, body: { replySerial: msg.serial, replyId: msg.msgId, result } }];
}

module.exports = { generalReply };
