import { describe, expect, it } from 'vitest';
import { cleanRichText } from '../../core/rich-text';
import { bodyBlocks } from './render-body';

describe('dispatch body → red-header paragraphs', () => {
  it('maps headings, paragraphs and numbered and bulleted lists after GB/T 9704', () => {
    const html = cleanRichText(
      '<p>现将有关事项通知如下：</p><h2>一、培训时间</h2><p>12月8日&nbsp;至10日。</p><h3>（一）报名</h3>' +
        '<ol><li><p>填写报名表；</p></li><li><p>报送 &amp; 确认：</p><ol><li><p>邮件</p></li><li><p>传真</p></li></ol></li></ol>' +
        '<ul><li><p>自备电脑</p></li></ul><h2>联系方式</h2><p>二、其他事项<br>另行通知</p><p><img src="x.png"></p><p>  </p>',
    ).html;
    expect(bodyBlocks(html)).toEqual([
      { text: '现将有关事项通知如下：', level: 0 },
      { text: '一、培训时间', level: 1 },
      { text: '12月8日 至10日。', level: 0 },
      { text: '（一）报名', level: 2 },
      { text: '1.填写报名表；', level: 0 },
      { text: '2.报送 & 确认：', level: 0 },
      { text: '（1）邮件', level: 0 },
      { text: '（2）传真', level: 0 },
      { text: '• 自备电脑', level: 0 },
      { text: '联系方式', level: 1 },
      { text: '二、其他事项', level: 1 },
      { text: '另行通知', level: 0 },
    ]);
  });

  it('keeps no markup or script text in the printed paragraphs', () => {
    const html = cleanRichText('<p onclick="x()">正文<script>alert(1)</script><b>加粗</b></p>').html;
    expect(bodyBlocks(html)).toEqual([{ text: '正文加粗', level: 0 }]);
  });
});
