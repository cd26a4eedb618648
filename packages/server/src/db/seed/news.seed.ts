import { ROLE, ROLE_DEFAULT } from '@oa/shared/constants';
import type { Db } from '../database';

/**
 * Grants (structure) and demo data of news and spaces (the features index them for search when the app starts): every user reads news and uses the three spaces; staff (办公室) and
 * lina (行业发展部) publish in columns; a column read only by two departments; published articles (one
 * scheduled, one recommended); topics in each space, one visible to 行业发展部 only.
 */
const NEWS_DEFAULT_FUNCTIONS = [
  'home_search',
  'info_news',
  'info_news_edit',
  'info_news_view',
  'info_news_preview',
  'info_news_more',
  'info_recommend_more',
  'info_public',
  'info_public_list',
  'info_public_view',
  'info_share',
  'info_share_list',
  'info_share_view',
  'info_dept',
  'info_dept_list',
  'info_dept_view',
];
const LEADER_FUNCTIONS = ['info_recommend'];

const day = (n: number, h = 9) => new Date(Date.UTC(2026, 10, 23 - n, h, 0, 0)).toISOString();
const p = (...xs: string[]) => xs.map((x) => `<p>${x}</p>`).join('');

const ARTICLES: Array<{
  id: string;
  col: string;
  title: string;
  body: string;
  author: [string, string, string];
  top?: boolean;
  days: number;
  reads?: number;
  source?: string;
  rec?: [string, string];
}> = [
  {
    id: 'Nseed01',
    col: 'col_news',
    title: '协会召开2026年度第四季度工作推进会',
    body: p(
      '11月20日，协会召开第四季度工作推进会，总结前三季度工作，部署年末重点任务。',
      '会议要求各部门对照年度计划逐项梳理，确保全年目标任务圆满完成。',
    ),
    author: ['staff', '刘小雨', 'D01'],
    top: true,
    days: 3,
    reads: 12,
    source: '办公室',
    rec: ['front', 'adopted'],
  },
  {
    id: 'Nseed02',
    col: 'col_news',
    title: '协会代表团赴长三角调研行业数字化转型',
    body: p('为深入了解会员企业数字化转型情况，协会组织代表团赴上海、苏州、杭州三地开展专题调研。', '调研形成的报告将报送主管部门。'),
    author: ['lina', '李娜', 'D02'],
    days: 6,
    reads: 8,
    source: '行业发展部',
    rec: ['upward', 'commended'],
  },
  {
    id: 'Nseed03',
    col: 'col_notice',
    title: '关于2026年元旦放假安排的通知',
    body: p(
      '根据国务院办公厅通知，2026年元旦放假安排如下：1月1日（星期四）至1月3日（星期六）放假调休，共3天。',
      '请各部门提前做好工作安排和安全检查。',
    ),
    author: ['staff', '刘小雨', 'D01'],
    top: true,
    days: 1,
    reads: 30,
    source: '办公室',
  },
  {
    id: 'Nseed04',
    col: 'col_notice',
    title: '关于开展年度安全生产检查的通知',
    body: p('各部门：为落实安全生产责任制，定于12月上旬开展年度安全生产检查，请各部门于11月30日前完成自查。'),
    author: ['staff', '刘小雨', 'D01'],
    days: 9,
    reads: 21,
    source: '办公室',
  },
  {
    id: 'Nseed05',
    col: 'col_industry',
    title: '三季度行业运行数据简析：产销两旺态势延续',
    body: p('据协会统计，三季度行业主要产品产量同比增长6.8%，出口交货值同比增长9.1%。', '行业景气指数连续五个月位于扩张区间。'),
    author: ['lina', '李娜', 'D02'],
    days: 4,
    reads: 15,
    source: '行业发展部',
    rec: ['front', 'recommended'],
  },
  {
    id: 'Nseed06',
    col: 'col_policy',
    title: '《关于促进行业协会商会规范发展的意见》解读',
    body: p('文件从完善治理结构、规范收费行为、加强诚信建设等方面提出了具体要求。', '协会将据此修订内部管理制度。'),
    author: ['staff', '刘小雨', 'D01'],
    days: 12,
    reads: 9,
    source: '办公室',
  },
  {
    id: 'Nseed07',
    col: 'col_internal',
    title: '领导班子第十二次会议纪要（摘要）',
    body: p('会议研究了年度预算调整、年底考核安排等事项。本栏目仅办公室与行业发展部可见。'),
    author: ['staff', '刘小雨', 'D01'],
    days: 2,
    reads: 3,
    source: '办公室',
  },
  {
    id: 'Nseed08',
    col: 'col_news',
    title: '协会年度会员大会将于12月中旬召开',
    body: p('协会年度会员大会定于12月中旬召开，届时将审议年度工作报告和财务报告。（定时发布）'),
    author: ['staff', '刘小雨', 'D01'],
    days: -20,
    source: '办公室',
  },
];

const TOPICS: Array<{
  id: string;
  kind: string;
  title: string;
  body: string;
  author: [string, string, string];
  scope?: Array<['dept' | 'user', string]>;
  days: number;
  posts?: Array<[string, string, string]>;
}> = [
  {
    id: 'Tseed01',
    kind: 'public',
    title: '2025年度财务收支情况公开',
    body: p('根据协会章程，现将2025年度财务收支情况予以公开，详见附件说明。如有疑问请联系财务部。'),
    author: ['huangli', '黄丽', 'D04'],
    days: 5,
  },
  {
    id: 'Tseed02',
    kind: 'public',
    title: '会费收取标准及使用情况公示',
    body: p('会费标准经会员代表大会审议通过，会费主要用于行业调研、会员服务和协会日常运转。'),
    author: ['huangli', '黄丽', 'D04'],
    days: 15,
  },
  {
    id: 'Tseed03',
    kind: 'share',
    title: '行业标准汇编（2026版）',
    body: p('汇集现行国家标准、行业标准和团体标准共126项，供各部门查阅。'),
    author: ['lina', '李娜', 'D02'],
    days: 7,
    posts: [['staff', '刘小雨', '已下载，非常实用，谢谢分享！']],
  },
  {
    id: 'Tseed04',
    kind: 'share',
    title: '公文写作模板与范例',
    body: p('包括通知、请示、报告、函、纪要等常用文种的模板和范例。'),
    author: ['staff', '刘小雨', 'D01'],
    days: 10,
  },
  {
    id: 'Tseed05',
    kind: 'dept',
    title: '年度行业发展报告编写分工',
    body: p('行业发展部内部协作：报告共六章，分工如下，请各位于12月10日前提交初稿。'),
    author: ['zhangwei', '张伟', 'D02'],
    scope: [['dept', 'D02']],
    days: 2,
    posts: [
      ['lina', '李娜', '第三章数据部分已开始整理。'],
      ['wuxiaodong', '吴晓东', '第五章国际对标由我负责。'],
    ],
  },
  {
    id: 'Tseed06',
    kind: 'dept',
    title: '年底会员走访计划（办公室、会员服务部）',
    body: p('办公室与会员服务部联合开展年底走访，请两部门同事在本主题下认领走访企业。'),
    author: ['leader', '王建国', 'D01'],
    scope: [
      ['dept', 'D01'],
      ['dept', 'D03'],
    ],
    days: 1,
  },
];

/** Structure: every user reads news and uses the spaces, leaders recommend; in the structure seed's transaction. */
export async function seedNewsGrants(trx: Db): Promise<void> {
  const fun = (codes: string[], role: string) => codes.map((fun_code) => ({ role_code: role, fun_code }));
  await trx
    .insertInto('sys_role_function')
    .values([...fun(NEWS_DEFAULT_FUNCTIONS, ROLE_DEFAULT), ...fun(LEADER_FUNCTIONS, ROLE.DEPT_LEADER)])
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function seedNews(trx: Db, at: string): Promise<void> {
  await trx
    .insertInto('info_column')
    .values({
      column_code: 'col_internal',
      column_name: '内部通报',
      parent_code: 'col_notice',
      read_scope: 'scoped',
      sort_no: 25,
      remark: '仅办公室、行业发展部可见',
      created_at: at,
    })
    .execute();
  await trx
    .insertInto('oa_scope')
    .values([['D01'], ['D02']].map(([code]) => ({ owner_type: 'column' as const, owner_id: 'col_internal', kind: 'dept' as const, code })))
    .execute();
  await trx
    .insertInto('sys_column_user')
    .values([
      ...['col_news', 'col_notice', 'col_policy', 'col_internal'].map((c) => ({ column_code: c, user_code: 'staff', granted_at: at })),
      ...['col_news', 'col_industry'].map((c) => ({ column_code: c, user_code: 'lina', granted_at: at })),
    ])
    .onConflict((oc) => oc.doNothing())
    .execute();

  for (const a of ARTICLES) {
    const published = day(a.days);
    await trx
      .insertInto('news_article')
      .values({
        id: a.id,
        column_code: a.col,
        title: a.title,
        summary: null,
        body_html: a.body,
        body_text: a.body
          .replace(/<[^>]+>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim(),
        cover_file: null,
        source: a.source ?? null,
        dept_code: a.author[2],
        author: a.author[0],
        author_name: a.author[1],
        is_top: a.top ? 'Y' : 'N',
        publish_at: a.days < 0 ? published : null,
        status: 'published',
        instance_id: null,
        read_count: a.reads ?? 0,
        submitted_at: day(Math.max(a.days, 0) + 1),
        published_at: published,
        created_at: day(Math.max(a.days, 0) + 1),
        updated_at: published,
      })
      .execute();
    if (a.rec) {
      await trx
        .insertInto('news_recommend')
        .values({
          article_id: a.id,
          target: a.rec[0],
          state: a.rec[1],
          note: null,
          recommended_by: 'leader',
          recommended_by_name: '王建国',
          recommended_at: published,
          updated_at: published,
        })
        .execute();
    }
  }

  for (const t of TOPICS) {
    const created = day(t.days);
    await trx
      .insertInto('space_topic')
      .values({
        id: t.id,
        kind: t.kind,
        title: t.title,
        body_html: t.body,
        body_text: t.body
          .replace(/<[^>]+>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim(),
        scope: t.scope ? 'scoped' : 'all',
        author: t.author[0],
        author_name: t.author[1],
        dept_code: t.author[2],
        post_count: t.posts?.length ?? 0,
        last_post_at: created,
        created_at: created,
        updated_at: created,
      })
      .execute();
    if (t.scope)
      await trx
        .insertInto('oa_scope')
        .values(t.scope.map(([kind, code]) => ({ owner_type: 'topic' as const, owner_id: t.id, kind, code })))
        .execute();
    for (const [i, [code, name, text]] of (t.posts ?? []).entries()) {
      await trx
        .insertInto('space_post')
        .values({
          id: `${t.id}P${i}`,
          topic_id: t.id,
          body_html: p(text),
          body_text: text,
          author: code,
          author_name: name,
          created_at: created,
          updated_at: created,
        })
        .execute();
    }
  }
}
