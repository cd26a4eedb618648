/**
 * Seed people of AssocOA: the departments of an industry association and its 44 users.
 *
 * - 'admin' (系统管理员, 信息中心), 'leader' (办公室主任, leader of D01) and 'staff' (办公室科员) are the
 *   accounts the tests and demos log in with.
 * - Role codes (spec §6): '001' department leader, '010' weekly-report leader, '012' department receipt
 *   leader, '013' address viewer, '014' bank-card viewer; 'admin' is the system administrator role.
 * - Platforms: '1' OA; '4' member platform; '91' / '92' industry-service and mandatory top-bar flags;
 *   '19' the subject-funding applicants' area (/foundationForWeb) — only 'applicant' has it, and only it.
 */

export interface SeedDept {
  deptCode: string;
  deptName: string;
  parentCode: string | null;
  sortNo: number;
  leaderUserCode: string | null;
}

export interface SeedUser {
  userCode: string;
  userName: string;
  sex: '男' | '女';
  mobile: string;
  tel: string;
  email: string;
  room: string;
  position: string;
  deptCode: string;
  personalSign: string;
  roles: string[];
  platforms: string[];
  birthday: string;
  entryDate: string;
}

export const SEED_DEPTS: SeedDept[] = [
  { deptCode: 'D00', deptName: '协会', parentCode: null, sortNo: 0, leaderUserCode: null },
  { deptCode: 'D01', deptName: '办公室', parentCode: 'D00', sortNo: 10, leaderUserCode: 'leader' },
  { deptCode: 'D02', deptName: '行业发展部', parentCode: 'D00', sortNo: 20, leaderUserCode: 'zhangwei' },
  { deptCode: 'D03', deptName: '会员服务部', parentCode: 'D00', sortNo: 30, leaderUserCode: 'liuyang' },
  { deptCode: 'D04', deptName: '财务部', parentCode: 'D00', sortNo: 40, leaderUserCode: 'huangli' },
  { deptCode: 'D05', deptName: '人力资源部', parentCode: 'D00', sortNo: 50, leaderUserCode: 'yangfan' },
  { deptCode: 'D06', deptName: '信息中心', parentCode: 'D00', sortNo: 60, leaderUserCode: 'guomin' },
  { deptCode: 'D07', deptName: '国际合作部', parentCode: 'D00', sortNo: 70, leaderUserCode: 'tangguohua' },
  { deptCode: 'D08', deptName: '党群工作部', parentCode: 'D00', sortNo: 80, leaderUserCode: 'weihongxia' },
];

export const SEED_USERS: SeedUser[] = [
  { userCode: 'admin', userName: '系统管理员', sex: '男', mobile: '13896887193', tel: '010-68516103', email: 'admin@assoc.org.cn', room: 'B座501', position: '系统管理员', deptCode: 'D06', personalSign: '天道酬勤', roles: ['admin'], platforms: ['1', '4', '91', '92'], birthday: '1985-03-12', entryDate: '2010-07-01' },
  { userCode: 'leader', userName: '王建国', sex: '男', mobile: '13993252409', tel: '010-68511103', email: 'leader@assoc.org.cn', room: 'A座302', position: '办公室主任', deptCode: 'D01', personalSign: '知行合一', roles: ['001'], platforms: ['1', '4', '91', '92'], birthday: '1972-09-18', entryDate: '1998-08-03' },
  { userCode: 'staff', userName: '刘小雨', sex: '女', mobile: '13579704883', tel: '010-68511106', email: 'staff@assoc.org.cn', room: 'A座302', position: '办公室科员', deptCode: 'D01', personalSign: '厚德载物', roles: [], platforms: ['1'], birthday: '1996-05-26', entryDate: '2019-07-15' },
  { userCode: 'chenjing', userName: '陈静', sex: '女', mobile: '15021320624', tel: '010-68511109', email: 'chenjing@assoc.org.cn', room: 'A座302', position: '办公室副主任', deptCode: 'D01', personalSign: '宁静致远', roles: ['010', '012'], platforms: ['1'], birthday: '1979-11-10', entryDate: '2018-05-16' },
  { userCode: 'zhaolei', userName: '赵磊', sex: '男', mobile: '15114247719', tel: '010-68511112', email: 'zhaolei@assoc.org.cn', room: 'A座302', position: '文秘', deptCode: 'D01', personalSign: '业精于勤', roles: [], platforms: ['1'], birthday: '1998-10-26', entryDate: '2024-08-07' },
  { userCode: 'sunlihua', userName: '孙丽华', sex: '女', mobile: '15859587783', tel: '010-68511115', email: 'sunlihua@assoc.org.cn', room: 'A座302', position: '档案管理员', deptCode: 'D01', personalSign: '脚踏实地，仰望星空', roles: ['013'], platforms: ['1'], birthday: '1981-08-20', entryDate: '2016-07-16' },
  { userCode: 'zhoutao', userName: '周涛', sex: '男', mobile: '18676055073', tel: '010-68511118', email: 'zhoutao@assoc.org.cn', room: 'A座302', position: '行政专员', deptCode: 'D01', personalSign: '日拱一卒，功不唐捐', roles: [], platforms: ['1'], birthday: '1970-02-12', entryDate: '1993-04-16' },
  { userCode: 'zhangwei', userName: '张伟', sex: '男', mobile: '18868384308', tel: '010-68512103', email: 'zhangwei@assoc.org.cn', room: 'A座405', position: '行业发展部部长', deptCode: 'D02', personalSign: '海纳百川，有容乃大', roles: ['001', '012'], platforms: ['1'], birthday: '1979-07-18', entryDate: '2007-03-16' },
  { userCode: 'lina', userName: '李娜', sex: '女', mobile: '18947734953', tel: '010-68512106', email: 'lina@assoc.org.cn', room: 'A座405', position: '行业发展部副部长', deptCode: 'D02', personalSign: '不忘初心，方得始终', roles: [], platforms: ['1'], birthday: '1994-02-27', entryDate: '2020-10-01' },
  { userCode: 'wuxiaodong', userName: '吴晓东', sex: '男', mobile: '13621767704', tel: '010-68512109', email: 'wuxiaodong@assoc.org.cn', room: 'A座405', position: '高级工程师', deptCode: 'D02', personalSign: '学无止境', roles: [], platforms: ['1'], birthday: '1974-05-26', entryDate: '2006-01-13' },
  { userCode: 'zhengxiuying', userName: '郑秀英', sex: '女', mobile: '13780519612', tel: '010-68512112', email: 'zhengxiuying@assoc.org.cn', room: 'A座405', position: '业务主管', deptCode: 'D02', personalSign: '行稳致远', roles: [], platforms: ['1'], birthday: '1980-06-25', entryDate: '2007-12-21' },
  { userCode: 'mawentao', userName: '马文涛', sex: '男', mobile: '15926896781', tel: '010-68512115', email: 'mawentao@assoc.org.cn', room: 'A座405', position: '项目经理', deptCode: 'D02', personalSign: '精益求精', roles: [], platforms: ['1'], birthday: '1978-09-01', entryDate: '2009-03-06' },
  { userCode: 'hanxue', userName: '韩雪', sex: '女', mobile: '18705397372', tel: '010-68512118', email: 'hanxue@assoc.org.cn', room: 'A座405', position: '业务专员', deptCode: 'D02', personalSign: '静水流深', roles: [], platforms: ['1'], birthday: '1978-05-05', entryDate: '2006-02-11' },
  { userCode: 'liuyang', userName: '刘洋', sex: '男', mobile: '18263194537', tel: '010-68513103', email: 'liuyang@assoc.org.cn', room: 'A座408', position: '会员服务部部长', deptCode: 'D03', personalSign: '博观而约取，厚积而薄发', roles: ['001'], platforms: ['1'], birthday: '1968-03-06', entryDate: '2003-04-19' },
  { userCode: 'wangfang', userName: '王芳', sex: '女', mobile: '13087235910', tel: '010-68513106', email: 'wangfang@assoc.org.cn', room: 'A座408', position: '会员服务部副部长', deptCode: 'D03', personalSign: '千里之行，始于足下', roles: ['013'], platforms: ['1'], birthday: '1970-04-22', entryDate: '2001-08-15' },
  { userCode: 'huzhiqiang', userName: '胡志强', sex: '男', mobile: '13192466658', tel: '010-68513109', email: 'huzhiqiang@assoc.org.cn', room: 'A座408', position: '会员专员', deptCode: 'D03', personalSign: '言必信，行必果', roles: [], platforms: ['1'], birthday: '1993-10-05', entryDate: '2022-05-23' },
  { userCode: 'linxiaoyan', userName: '林晓燕', sex: '女', mobile: '13207584134', tel: '010-68513112', email: 'linxiaoyan@assoc.org.cn', room: 'A座408', position: '会员专员', deptCode: 'D03', personalSign: '工欲善其事，必先利其器', roles: [], platforms: ['1'], birthday: '1997-06-01', entryDate: '2022-12-19' },
  { userCode: 'songjia', userName: '宋佳', sex: '女', mobile: '15500639091', tel: '010-68513115', email: 'songjia@assoc.org.cn', room: 'A座408', position: '客服主管', deptCode: 'D03', personalSign: '志当存高远', roles: [], platforms: ['1'], birthday: '1976-03-19', entryDate: '2014-11-05' },
  { userCode: 'gaoxiang', userName: '高翔', sex: '男', mobile: '15688309939', tel: '010-68513118', email: 'gaoxiang@assoc.org.cn', room: 'A座408', position: '业务专员', deptCode: 'D03', personalSign: '敏于事而慎于言', roles: [], platforms: ['1'], birthday: '1989-06-15', entryDate: '2021-02-03' },
  { userCode: 'huangli', userName: '黄丽', sex: '女', mobile: '18568149206', tel: '010-68514103', email: 'huangli@assoc.org.cn', room: 'B座201', position: '财务部部长', deptCode: 'D04', personalSign: '持之以恒', roles: ['001', '014'], platforms: ['1'], birthday: '1993-05-05', entryDate: '2021-05-05' },
  { userCode: 'xuming', userName: '徐明', sex: '男', mobile: '15244638675', tel: '010-68514106', email: 'xuming@assoc.org.cn', room: 'B座201', position: '会计', deptCode: 'D04', personalSign: '笃行致远', roles: ['014'], platforms: ['1'], birthday: '1974-09-14', entryDate: '2006-01-03' },
  { userCode: 'pengdan', userName: '彭丹', sex: '女', mobile: '15777843525', tel: '010-68514109', email: 'pengdan@assoc.org.cn', room: 'B座201', position: '出纳', deptCode: 'D04', personalSign: '淡泊明志', roles: ['014'], platforms: ['1'], birthday: '1988-08-04', entryDate: '2023-09-03' },
  { userCode: 'caoyang', userName: '曹阳', sex: '男', mobile: '18351732506', tel: '010-68514112', email: 'caoyang@assoc.org.cn', room: 'B座201', position: '会计', deptCode: 'D04', personalSign: '简单生活，认真工作', roles: [], platforms: ['1'], birthday: '1973-10-18', entryDate: '2007-12-08' },
  { userCode: 'dongchunmei', userName: '董春梅', sex: '女', mobile: '13426858977', tel: '010-68514115', email: 'dongchunmei@assoc.org.cn', room: 'B座201', position: '资产管理员', deptCode: 'D04', personalSign: '积跬步以至千里', roles: [], platforms: ['1'], birthday: '1971-09-17', entryDate: '1998-12-08' },
  { userCode: 'yangfan', userName: '杨帆', sex: '男', mobile: '13844556114', tel: '010-68515103', email: 'yangfan@assoc.org.cn', room: 'B座205', position: '人力资源部部长', deptCode: 'D05', personalSign: '一分耕耘，一分收获', roles: ['001', '013'], platforms: ['1'], birthday: '1984-04-14', entryDate: '2008-01-16' },
  { userCode: 'xieting', userName: '谢婷', sex: '女', mobile: '13965113699', tel: '010-68515106', email: 'xieting@assoc.org.cn', room: 'B座205', position: '人事主管', deptCode: 'D05', personalSign: '心有所向，行必能至', roles: ['013', '014'], platforms: ['1'], birthday: '1981-02-16', entryDate: '2021-10-16' },
  { userCode: 'luobin', userName: '罗斌', sex: '男', mobile: '13566309946', tel: '010-68515109', email: 'luobin@assoc.org.cn', room: 'B座205', position: '薪酬专员', deptCode: 'D05', personalSign: '守正创新', roles: [], platforms: ['1'], birthday: '1975-05-03', entryDate: '2012-06-11' },
  { userCode: 'dengxiaohong', userName: '邓晓红', sex: '女', mobile: '15024408094', tel: '010-68515112', email: 'dengxiaohong@assoc.org.cn', room: 'B座205', position: '培训专员', deptCode: 'D05', personalSign: '细节决定成败', roles: [], platforms: ['1'], birthday: '1967-02-13', entryDate: '1992-08-26' },
  { userCode: 'tianye', userName: '田野', sex: '男', mobile: '15164092760', tel: '010-68515115', email: 'tianye@assoc.org.cn', room: 'B座205', position: '招聘专员', deptCode: 'D05', personalSign: '实干兴邦', roles: [], platforms: ['1'], birthday: '1972-02-11', entryDate: '2012-09-06' },
  { userCode: 'guomin', userName: '郭敏', sex: '女', mobile: '15857633134', tel: '010-68516106', email: 'guomin@assoc.org.cn', room: 'B座501', position: '信息中心主任', deptCode: 'D06', personalSign: '求真务实', roles: ['001'], platforms: ['1'], birthday: '1970-01-10', entryDate: '2009-02-24' },
  { userCode: 'liangzhenyu', userName: '梁振宇', sex: '男', mobile: '18620702834', tel: '010-68516109', email: 'liangzhenyu@assoc.org.cn', room: 'B座501', position: '系统工程师', deptCode: 'D06', personalSign: '自强不息', roles: [], platforms: ['1'], birthday: '1972-01-24', entryDate: '2003-10-12' },
  { userCode: 'xiaoyu', userName: '肖雨', sex: '女', mobile: '18846925806', tel: '010-68516112', email: 'xiaoyu@assoc.org.cn', room: 'B座501', position: '网络管理员', deptCode: 'D06', personalSign: '勤学善思', roles: [], platforms: ['1'], birthday: '1993-08-02', entryDate: '2024-12-03' },
  { userCode: 'jiangxiaojun', userName: '蒋晓军', sex: '男', mobile: '18958220684', tel: '010-68516115', email: 'jiangxiaojun@assoc.org.cn', room: 'B座501', position: '软件工程师', deptCode: 'D06', personalSign: '不积小流，无以成江海', roles: [], platforms: ['1'], birthday: '1996-09-18', entryDate: '2024-08-09' },
  { userCode: 'tangguohua', userName: '唐国华', sex: '男', mobile: '13663703112', tel: '010-68517103', email: 'tangguohua@assoc.org.cn', room: 'A座510', position: '国际合作部部长', deptCode: 'D07', personalSign: '凡事预则立', roles: ['001'], platforms: ['1'], birthday: '1987-10-22', entryDate: '2015-08-27' },
  { userCode: 'hejingyi', userName: '何静怡', sex: '女', mobile: '13713367175', tel: '010-68517106', email: 'hejingyi@assoc.org.cn', room: 'A座510', position: '外事专员', deptCode: 'D07', personalSign: '以诚待人，以信立身', roles: [], platforms: ['1'], birthday: '1984-01-04', entryDate: '2008-08-08' },
  { userCode: 'zengqingfeng', userName: '曾庆丰', sex: '男', mobile: '15929056711', tel: '010-68517109', email: 'zengqingfeng@assoc.org.cn', room: 'A座510', position: '翻译', deptCode: 'D07', personalSign: '慎终如始', roles: [], platforms: ['1'], birthday: '1994-04-19', entryDate: '2018-09-18' },
  { userCode: 'yeqing', userName: '叶青', sex: '女', mobile: '18771517350', tel: '010-68517112', email: 'yeqing@assoc.org.cn', room: 'A座510', position: '项目主管', deptCode: 'D07', personalSign: '静以修身，俭以养德', roles: [], platforms: ['1'], birthday: '1988-06-19', entryDate: '2011-05-13' },
  { userCode: 'yubo', userName: '余波', sex: '男', mobile: '18282414844', tel: '010-68517115', email: 'yubo@assoc.org.cn', room: 'A座510', position: '外事专员', deptCode: 'D07', personalSign: '闻道有先后，术业有专攻', roles: [], platforms: ['1'], birthday: '1971-05-13', entryDate: '1999-02-20' },
  { userCode: 'weihongxia', userName: '魏红霞', sex: '女', mobile: '13003178391', tel: '010-68518103', email: 'weihongxia@assoc.org.cn', room: 'B座305', position: '党群工作部部长', deptCode: 'D08', personalSign: '择善而从', roles: ['001', '010'], platforms: ['1'], birthday: '1976-10-14', entryDate: '2007-07-16' },
  { userCode: 'yuanlixin', userName: '袁立新', sex: '男', mobile: '13119239947', tel: '010-68518106', email: 'yuanlixin@assoc.org.cn', room: 'B座305', position: '党务专员', deptCode: 'D08', personalSign: '知足常乐', roles: [], platforms: ['1'], birthday: '1975-05-23', entryDate: '2013-12-05' },
  { userCode: 'caiwenjing', userName: '蔡文静', sex: '女', mobile: '13296325447', tel: '010-68518109', email: 'caiwenjing@assoc.org.cn', room: 'B座305', position: '工会干事', deptCode: 'D08', personalSign: '温故而知新', roles: [], platforms: ['1'], birthday: '1992-05-26', entryDate: '2018-12-22' },
  { userCode: 'chenggang', userName: '程刚', sex: '男', mobile: '15574262527', tel: '010-68518112', email: 'chenggang@assoc.org.cn', room: 'B座305', position: '宣传专员', deptCode: 'D08', personalSign: '今日事今日毕', roles: [], platforms: ['1'], birthday: '1991-04-10', entryDate: '2017-02-17' },
  { userCode: 'dujuan', userName: '杜鹃', sex: '女', mobile: '15638895826', tel: '010-68518115', email: 'dujuan@assoc.org.cn', room: 'B座305', position: '团委干事', deptCode: 'D08', personalSign: '行胜于言', roles: [], platforms: ['1'], birthday: '1994-02-25', entryDate: '2017-09-09' },
  { userCode: 'applicant', userName: '赵一鸣', sex: '男', mobile: '18528756362', tel: '010-68510103', email: 'applicant@assoc.org.cn', room: 'A座101', position: '课题申报人', deptCode: 'D00', personalSign: '有志者事竟成', roles: [], platforms: ['19'], birthday: '1985-03-19', entryDate: '2017-02-28' },
];
