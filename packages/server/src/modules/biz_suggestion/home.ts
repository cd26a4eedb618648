import { defineModuleHome } from '../module-home';
import { suggestionHooks } from './suggestion.hooks';

export default defineModuleHome({ code: 'biz_suggestion', registerHooks: suggestionHooks });
