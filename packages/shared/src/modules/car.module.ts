import { defineModule } from './define-module';
import { field, options } from './field';
import { TIME_OF_DAY } from './approval-kit';

export const CAR_TYPES = options('轿车', '商务车', '中巴车', '大巴车');
export const CAR_PURPOSES = options('公务接待', '外出办事', '会议活动', '机场车站接送', '其他');

/** 用车申请 (/OnlineCar, a single-route module); the motor pool assigns car and driver with 'dispatch'. */
export const carModule = defineModule({
  code: 'oa_car',
  name: '用车申请',
  kind: 'approval',
  routes: { list: '/OnlineCar' },
  menu: { parent: 'office', order: 140, icon: 'CarOutlined' },
  serial: { prefix: 'YC' },
  scope: 'dept',
  fields: {
    purpose: field.select('用车类型', { options: CAR_PURPOSES, required: true }),
    carType: field.select('车型', { options: CAR_TYPES, required: true }),
    useRange: field.daterange('用车日期', { required: true }),
    departTime: field.text('出发时间', { required: true, max: 5, placeholder: 'HH:mm' }),
    returnTime: field.text('预计返回时间', { required: true, max: 5, placeholder: 'HH:mm' }),
    origin: field.text('出发地点', { required: true, max: 100 }),
    destination: field.text('目的地', { required: true, max: 100 }),
    passengers: field.int('乘车人数', { required: true, min: 1, max: 60, unit: '人' }),
    contactPhone: field.mobile('联系电话', { required: true }),
    reason: field.textarea('用车事由', { required: true, max: 500 }),
    plateNo: field.text('派车车牌', { max: 10, readonlyOnForm: true }),
    driver: field.text('驾驶员', { max: 30, readonlyOnForm: true }),
    driverPhone: field.mobile('驾驶员电话', { readonlyOnForm: true }),
  },
  rules: [
    (v) => (v.departTime && !TIME_OF_DAY.test(v.departTime) ? { field: 'departTime', message: '出发时间格式应为 HH:mm' } : null),
    (v) => (v.returnTime && !TIME_OF_DAY.test(v.returnTime) ? { field: 'returnTime', message: '预计返回时间格式应为 HH:mm' } : null),
    (v) =>
      v.useRange && v.useRange[0] === v.useRange[1] && v.departTime && v.returnTime && v.returnTime <= v.departTime
        ? { field: 'returnTime', message: '预计返回时间应晚于出发时间' }
        : null,
    (v) =>
      v.carType === '轿车' && v.passengers !== null && v.passengers > 4
        ? { field: 'passengers', message: '轿车最多乘坐4人，请选择更大的车型' }
        : null,
  ],
  actions: {
    dispatch: {
      label: '派车',
      when: ['approved'],
      who: 'manager',
      fields: {
        plateNo: field.text('派车车牌', { required: true, max: 10 }),
        driver: field.text('驾驶员', { required: true, max: 30 }),
        driverPhone: field.mobile('驾驶员电话', { required: true }),
      },
    },
  },
  title: (v, applicant) => `${applicant}用车：${v.origin ?? ''}—${v.destination ?? ''}`,
  list: {
    columns: ['serialNo', 'applicant', 'useRange', 'departTime', 'destination', 'passengers', 'plateNo', 'status'],
    filters: ['useRange', 'destination', 'carType', 'status', 'dept'],
  },
});
