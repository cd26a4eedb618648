import { defineModuleHome } from '../module-home';
import { rewardHooks } from './reward.hooks';
import { rewardRoutes } from './reward.routes';

export default defineModuleHome({ code: 'oa_reward', hooks: rewardHooks, routes: rewardRoutes });
