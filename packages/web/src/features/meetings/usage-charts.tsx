import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { Arrangement } from '@oa/shared/contract/meetings';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TitleComponent, TooltipComponent, CanvasRenderer]);

/** Usage by room (hours and count) and by department (count): loaded lazily with ECharts. */
export default function UsageCharts({ data }: { data: Arrangement }) {
  const rooms = {
    title: { text: '按会议室', left: 'center', textStyle: { fontSize: 14 } },
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0, data: ['使用时长（小时）', '场次'] },
    grid: { left: 48, right: 48, top: 40, bottom: 48 },
    xAxis: { type: 'category', data: data.byRoom.map((r) => r.roomName) },
    yAxis: [
      { type: 'value', name: '小时' },
      { type: 'value', name: '场次' },
    ],
    series: [
      { name: '使用时长（小时）', type: 'bar', data: data.byRoom.map((r) => r.hours), itemStyle: { color: '#1890ff' } },
      { name: '场次', type: 'line', yAxisIndex: 1, data: data.byRoom.map((r) => r.count), itemStyle: { color: '#fa8c16' } },
    ],
  };
  const depts = {
    title: { text: '按部门', left: 'center', textStyle: { fontSize: 14 } },
    tooltip: { trigger: 'item', formatter: '{b}：{c} 场（{d}%）' },
    legend: { bottom: 0, type: 'scroll' },
    series: [{ type: 'pie', radius: ['35%', '65%'], data: data.byDept.map((d) => ({ name: d.deptName, value: d.count })) }],
  };
  return (
    <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }} data-testid="usage-charts">
      <ReactEChartsCore echarts={echarts} option={rooms} style={{ height: 340, flex: '1 1 480px' }} />
      <ReactEChartsCore echarts={echarts} option={depts} style={{ height: 340, flex: '1 1 360px' }} />
    </div>
  );
}
