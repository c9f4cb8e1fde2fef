import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useAppEnv } from '../../lib/app-state';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { useNavigate } from '../../lib/navigation';
import { Link } from '../../components/link';
import { useDocumentTitle } from '../../lib/use-document-title';
import { parseQuizSeed, QUIZ_TITLE, quizFactsQuery, quizUrl } from './quiz-data';
import { generateQuiz, resultMessage, type QuizQuestion } from './quiz-generator';
import { newSeed } from './seeded-random';
import './quiz.css';

/**
 * The music quiz: loading, generating, question, results.
 * The quiz is a function of the seed in the URL and the facts served for it, so a
 * quiz URL is shareable and the server renders the same first question the browser
 * hydrates. Without a (valid) seed it is the quiz of the day: today's date is its seed,
 * as the server renders it.
 */
export function QuizPage() {
  useDocumentTitle(QUIZ_TITLE);
  const location = useLocation();
  const navigate = useNavigate();
  const { today } = useAppEnv();
  const seed = parseQuizSeed(new URLSearchParams(location.search).get('seed')) ?? today;

  const tryAgain = () => navigate(quizUrl(newSeed()));

  return (
    <section className="page quiz-page" aria-labelledby="quiz-title">
      <div className="page-head">
        <h1 id="quiz-title">Music Quiz</h1>
      </div>
      <QuizForSeed key={seed} seed={seed} onTryAgain={tryAgain} />
    </section>
  );
}

function QuizLoading() {
  return (
    <div className="quiz-card quiz-state" role="status">
      <p>Loading quiz...</p>
    </div>
  );
}

function BackToMainMenu() {
  return (
    <Link to="/" className="btn btn-ghost">
      Back to Main Menu
    </Link>
  );
}

function QuizForSeed({ seed, onTryAgain }: { seed: string; onTryAgain: () => void }) {
  const { data, isPending, isError } = useQuery(quizFactsQuery(seed));
  const questions = useMemo(() => (data ? generateQuiz(data, seed) : null), [data, seed]);

  if (isPending) return <QuizLoading />;
  if (isError || questions === null) {
    return (
      <div className="quiz-card quiz-state" role="alert">
        <p>The quiz could not be loaded. Please try again later.</p>
        <div className="quiz-actions">
          <button type="button" className="btn btn-primary" onClick={onTryAgain}>
            Try Again
          </button>
          <BackToMainMenu />
        </div>
      </div>
    );
  }
  if (questions.length === 0) {
    return (
      <div className="quiz-card quiz-state" role="status">
        <h2>Generating quiz questions...</h2>
        <p>There are not enough artist facts for a quiz yet.</p>
        <div className="quiz-actions">
          <button type="button" className="btn btn-primary" onClick={onTryAgain}>
            Try Again
          </button>
          <BackToMainMenu />
        </div>
      </div>
    );
  }
  return <QuizRun questions={questions} onTryAgain={onTryAgain} />;
}

function QuizRun({ questions, onTryAgain }: { questions: QuizQuestion[]; onTryAgain: () => void }) {
  const [index, setIndex] = useState(0);
  const [selected, setSelected] = useState<number | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [score, setScore] = useState(0);
  const [finished, setFinished] = useState(false);
  // Focus follows the quiz (feedback, next question, results), but not on first load.
  const moveFocus = useRef(false);
  const feedbackRef = useRef<HTMLParagraphElement>(null);
  const questionRef = useRef<HTMLHeadingElement>(null);
  const resultsRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!moveFocus.current) return;
    if (finished) resultsRef.current?.focus();
    else if (submitted) feedbackRef.current?.focus();
    else questionRef.current?.focus();
  }, [index, submitted, finished]);

  if (finished) {
    const percent = Math.round((score / questions.length) * 100);
    return (
      <div className="quiz-card quiz-results">
        <h2 ref={resultsRef} tabIndex={-1}>
          Quiz Complete!
        </h2>
        <p className="quiz-score">{`You scored ${score} out of ${questions.length} (${percent}%)`}</p>
        <p className="quiz-message">{resultMessage(score, questions.length)}</p>
        <div className="quiz-actions">
          <button type="button" className="btn btn-primary" onClick={onTryAgain}>
            Try Again
          </button>
          <BackToMainMenu />
        </div>
      </div>
    );
  }

  const question = questions[index];
  const isLast = index === questions.length - 1;
  const isCorrect = submitted && selected === question.correctAnswer;
  const questionId = `quiz-question-${index}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (selected === null || submitted) return;
    if (selected === question.correctAnswer) setScore((s) => s + 1);
    moveFocus.current = true;
    setSubmitted(true);
  };
  const next = () => {
    moveFocus.current = true;
    if (isLast) {
      setFinished(true);
      return;
    }
    setIndex(index + 1);
    setSelected(null);
    setSubmitted(false);
  };

  return (
    <form className="quiz-card quiz-question" onSubmit={submit} aria-labelledby={questionId}>
      <div className="quiz-meta">
        <span>{`Question ${index + 1} of ${questions.length}`}</span>
        <span className="quiz-category">{question.category}</span>
        <span>{`Score: ${score}`}</span>
      </div>
      <h2 id={questionId} ref={questionRef} tabIndex={-1}>
        {question.question}
      </h2>
      <fieldset className="quiz-options" disabled={submitted}>
        <legend className="sr-only">{question.question}</legend>
        {question.options.map((option, i) => {
          const state = !submitted ? '' : i === question.correctAnswer ? ' is-correct' : i === selected ? ' is-wrong' : '';
          return (
            <label key={option} className={`quiz-option${selected === i ? ' is-selected' : ''}${state}`}>
              <input type="radio" name="quiz-answer" value={i} checked={selected === i} onChange={() => setSelected(i)} />
              <span>{option}</span>
              {submitted && i === question.correctAnswer && <span className="sr-only"> (correct answer)</span>}
              {submitted && i === selected && i !== question.correctAnswer && <span className="sr-only"> (your answer)</span>}
            </label>
          );
        })}
      </fieldset>
      {submitted && (
        <p ref={feedbackRef} tabIndex={-1} className={`quiz-feedback ${isCorrect ? 'is-correct' : 'is-wrong'}`}>
          <strong>{isCorrect ? 'Correct!' : `Incorrect. The answer is ${question.options[question.correctAnswer]}.`}</strong>{' '}
          {question.explanation}
        </p>
      )}
      <div className="quiz-actions">
        {submitted ? (
          <button type="button" className="btn btn-primary" onClick={next}>
            {isLast ? 'View Results' : 'Next Question'}
          </button>
        ) : (
          <button type="submit" className="btn btn-primary" disabled={selected === null}>
            Submit Answer
          </button>
        )}
        <BackToMainMenu />
      </div>
    </form>
  );
}
