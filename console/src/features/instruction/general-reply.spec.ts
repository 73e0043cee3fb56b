import { generalReplyOf, messageLabel, msgIdText } from './general-reply';

describe('general reply shown by its meaning', () => {
  it('recognises {replySerial, replyId, result} and names the message it answers', () => {
    const reply = generalReplyOf('0x0001', { replySerial: 332, replyId: 33536, result: 0 });
    expect(reply).toEqual({ replyId: 0x8300, result: 0 });
    expect(msgIdText(reply!.replyId)).toBe('0x8300');
    expect(messageLabel(reply!.replyId)).toEqual(['文本信息下发', 'Text message']);
  });

  it('leaves other replies alone', () => {
    expect(generalReplyOf('0x0104', { replyId: 1, result: 0, items: [] })).toBeNull();
    expect(generalReplyOf('0x0001', { location: {} })).toBeNull();
    expect(generalReplyOf(undefined, null)).toBeNull();
    expect(messageLabel(0x1234)).toBeNull();
  });
});
