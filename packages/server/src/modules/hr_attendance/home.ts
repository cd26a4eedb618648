import { defineModuleHome } from '../module-home';
import { attendanceRoutes } from './attendance.routes';

export default defineModuleHome({ code: 'hr_attendance', routes: attendanceRoutes });
