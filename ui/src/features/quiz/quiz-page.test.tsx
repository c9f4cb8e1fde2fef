import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Navigation } from '../../lib/navigation';
import { Route, Routes, UNSAFE_createMemoryHistory as createMemoryHistory, unstable_HistoryRouter as HistoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppEnvProvider } from '../../lib/app-state';
import { NEW_SONGS_WINDOW_WEEKS } from '../../generated/contract';
import { defaultOptions } from '../../lib/query-client';
import { quizFactsKey } from './quiz-data';
import { CATALOGUE } from './quiz-fixtures';
import { generateQuiz, resultMessage, type QuizFact } from './quiz-generator';
import { QuizPage } from './quiz-page';

/**
 * Renders /quiz... with a query client whose fetcher answers the quiz facts read
 * (`quizFactsKey`) from `facts` (the server's answer; end-to-end tests use the real
 * server), or never answers when `facts` is 'pending'; `today` is the page state's date.
 */
function renderQuiz(url: string, facts: QuizFact[] | 'pending' = CATALOGUE, today = '2026-01-02') {
  const requested: string[] = [];
  const client = new QueryClient({
    defaultOptions: {
      ...defaultOptions(),
      queries: {
        ...defaultOptions().queries,
        queryFn: ({ queryKey }) => {
          requested.push(String(queryKey[0]));
          return facts === 'pending' ? new Promise(() => {}) : Promise.resolve(facts);
        },
      },
    },
  });
  const history = createMemoryHistory({ initialEntries: [url], v5Compat: true });
  render(
    <AppEnvProvider state={{ year: 2026, today, origin: 'https://soundatlas.test', affiliate: false, newSongsWindowWeeks: NEW_SONGS_WINDOW_WEEKS }}>
    <QueryClientProvider client={client}>
      <HistoryRouter history={history}>
        <Navigation preload={() => undefined}>
          <Routes>
            <Route path="quiz" Component={QuizPage} />
            <Route path="*" element={<p>Main menu</p>} />
          </Routes>
        </Navigation>
      </HistoryRouter>
    </QueryClientProvider>
    </AppEnvProvider>,
  );
  return { history, requested };
}

const submitButton = () => screen.getByRole('button', { name: 'Submit Answer' }) as HTMLButtonElement;

describe('quiz page', () => {
  it('is titled "Music Quiz - Sound Atlas" and shows loading while the facts load', () => {
    renderQuiz('/quiz?seed=abc', 'pending');
    expect(document.title).toBe('Music Quiz - Sound Atlas');
    expect(screen.getByRole('status').textContent).toBe('Loading quiz...');
  });

  it("without a seed it is the quiz of the day, today's date its seed (as the server renders it), the address unchanged", async () => {
    const { history, requested } = renderQuiz('/quiz', CATALOGUE, '2026-11-23');
    await screen.findByRole('button', { name: 'Submit Answer' });
    expect(history.location.search).toBe('');
    expect(history.action).toBe('POP');
    expect(requested).toEqual([quizFactsKey('2026-11-23')]);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(generateQuiz(CATALOGUE, '2026-11-23')[0].question);
  });

  it('plays a whole quiz with the keyboard-friendly form, then shows the score and message', async () => {
    const seed = 'whole-quiz';
    const questions = generateQuiz(CATALOGUE, seed);
    expect(questions.length).toBeGreaterThanOrEqual(4);
    renderQuiz(`/quiz?seed=${seed}`);
    await screen.findByRole('button', { name: 'Submit Answer' });

    for (const [i, question] of questions.entries()) {
      expect(screen.getByText(`Question ${i + 1} of ${questions.length}`)).toBeTruthy();
      const heading = screen.getByRole('heading', { level: 2, name: question.question });
      if (i > 0) expect(document.activeElement).toBe(heading);
      expect(submitButton().disabled).toBe(true);
      const radios = screen.getAllByRole('radio') as HTMLInputElement[];
      expect(radios.map((r) => r.closest('label')!.textContent)).toEqual(question.options);
      // Choose a wrong answer first when there is one, then change the choice: allowed until submitted.
      fireEvent.click(radios[(question.correctAnswer + 1) % radios.length]);
      const answer = i % 3 === 0 ? (question.correctAnswer + 1) % radios.length : question.correctAnswer;
      fireEvent.click(radios[answer]);
      expect(submitButton().disabled).toBe(false);
      fireEvent.click(submitButton());

      const feedback = document.querySelector('.quiz-feedback') as HTMLElement;
      expect(document.activeElement).toBe(feedback);
      expect(feedback.textContent).toContain(question.explanation);
      expect(feedback.textContent).toContain(
        answer === question.correctAnswer ? 'Correct!' : `Incorrect. The answer is ${question.options[question.correctAnswer]}.`,
      );
      expect(radios.every((r) => r.matches(':disabled'))).toBe(true);
      expect(screen.queryByRole('button', { name: 'Submit Answer' })).toBeNull();
      const last = i === questions.length - 1;
      expect(screen.queryByRole('button', { name: 'Next Question' }) === null).toBe(last);
      fireEvent.click(screen.getByRole('button', { name: last ? 'View Results' : 'Next Question' }));
    }

    // Questions 1, 4, 7, ... were answered wrong.
    const total = questions.length;
    const score = total - Math.ceil(total / 3);
    const results = screen.getByRole('heading', { level: 2, name: 'Quiz Complete!' });
    expect(document.activeElement).toBe(results);
    expect(screen.getByText(`You scored ${score} out of ${total} (${Math.round((score / total) * 100)}%)`)).toBeTruthy();
    expect(screen.getByText(resultMessage(score, total))).toBeTruthy();
  }, 20_000);

  it('starts a new quiz with a new seed and a reset score on Try Again', async () => {
    const seed = 'try-again';
    const { history, requested } = renderQuiz(`/quiz?seed=${seed}`);
    const questions = generateQuiz(CATALOGUE, seed);
    await screen.findByRole('button', { name: 'Submit Answer' });
    for (const [i, question] of questions.entries()) {
      fireEvent.click(screen.getAllByRole('radio')[question.correctAnswer]);
      fireEvent.click(submitButton());
      fireEvent.click(screen.getByRole('button', { name: i === questions.length - 1 ? 'View Results' : 'Next Question' }));
    }
    expect(screen.getByText('Outstanding! You really know your music!')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    const newSeed = new URLSearchParams(history.location.search).get('seed')!;
    expect(newSeed).not.toBe(seed);
    await screen.findByRole('button', { name: 'Submit Answer' });
    expect(screen.getByText('Score: 0')).toBeTruthy();
    expect(screen.getByText(`Question 1 of ${generateQuiz(CATALOGUE, newSeed).length}`)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: generateQuiz(CATALOGUE, newSeed)[0].question })).toBeTruthy();
    expect(requested).toEqual([quizFactsKey(seed), quizFactsKey(newSeed)]);
  }, 20_000);

  it('shows the generating screen with Try Again when no question can be made', async () => {
    const { history } = renderQuiz('/quiz?seed=empty', []);
    const status = await screen.findByText('Generating quiz questions...');
    const box = status.closest('.quiz-card') as HTMLElement;
    fireEvent.click(within(box).getByRole('button', { name: 'Try Again' }));
    expect(history.location.search).not.toBe('?seed=empty');
  });

  it('goes back to the main menu', async () => {
    const { history } = renderQuiz('/quiz?seed=abc');
    await screen.findByRole('button', { name: 'Submit Answer' });
    const link = screen.getByRole('link', { name: 'Back to Main Menu' });
    expect(link.getAttribute('href')).toBe('/');
    await act(async () => {
      fireEvent.click(link);
    });
    expect(history.location.pathname).toBe('/');
  });
});
